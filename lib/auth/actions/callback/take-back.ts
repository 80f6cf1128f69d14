/**
 * Taking an account back for the owner of its address (docs/decisions/account-model-and-passwords.md,
 * "Account model"): the first proof of a never-verified address by someone
 * not signed in to the account (a magic link, a provider vouching for the
 * address while linking by email) removes every credential set up before it
 * and ends every session, jwt ones through "sessions valid since". Which
 * credentials exist only the app knows, so the removal is the adapter's
 * optional removeCredentials; without it nothing is removed, as in Auth.js.
 */
import type { AuthContext } from "../../context"
import { endUserSessions } from "../../session/user-sessions"

export async function takeBackAccount(ctx: AuthContext, userId: string): Promise<void> {
  const adapter = ctx.config.adapter
  if (!adapter?.removeCredentials) return
  await adapter.removeCredentials(userId)
  // After the removal committed: the library's one revocation, which this process's cache learns at once.
  const ended = await endUserSessions(ctx.config, userId)
  // This sign-in is the one that revoked: its session counts from the revocation, not from its start.
  if (ended.status === "ok" && ended.instant) ctx.signInStartedAt = Math.max(ctx.signInStartedAt, ended.instant.getTime())
}
