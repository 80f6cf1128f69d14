/**
 * Taking an account back for the owner of its address (docs/decisions.md,
 * "Account model"): the first proof of a never-verified address by someone
 * not signed in to the account (a magic link, a provider vouching for the
 * address while linking by email) removes every credential set up before it
 * and ends every session, jwt ones through "sessions valid since". Which
 * credentials exist only the app knows, so the removal is the adapter's
 * optional removeCredentials; without it nothing is removed, as in Auth.js.
 */
import type { AuthContext } from "../../context"

export async function takeBackAccount(ctx: AuthContext, userId: string): Promise<void> {
  const adapter = ctx.config.adapter
  if (!adapter?.removeCredentials) return
  await adapter.removeCredentials(userId)
  // The session about to be issued is newer than this instant (or in its second, which stays valid).
  await ctx.config.revocation?.revoke(userId)
}
