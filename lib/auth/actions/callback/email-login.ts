/**
 * Who a verified email address signs in as: the existing user with that
 * address (its emailVerified set on first success), or a new user created
 * verified. One decision, kept apart so every provider kind can share it.
 * It must not create anything before the token has been consumed.
 *
 * The first proof of an unverified address by a browser not signed in to
 * that account takes the account back for the mailbox's owner: every
 * credential set up before the proof (password, passkeys, linked accounts)
 * is removed and every session ended, jwt ones through "sessions valid
 * since" (docs/decisions/account-model-and-passwords.md, "Account model").
 */
import { adapterView } from "../../adapters/capabilities"
import type { AuthContext } from "../../context"
import { emitEvent } from "../../events"
import type { AdapterUser } from "../../adapters/types"
import { takeBackAccount } from "./take-back"

export interface EmailLogin {
  user: AdapterUser
  isNewUser: boolean
}

/** Looks the user up; `commit` writes (create or mark verified) once the signIn callback agreed. */
export async function resolveEmailUser(ctx: AuthContext, identifier: string) {
  const adapter = adapterView(ctx.config.adapters, "email")
  const existing = await adapter.getUserByEmail(identifier)
  const candidate: AdapterUser = existing ?? { id: crypto.randomUUID(), email: identifier, emailVerified: null }

  async function commit(): Promise<EmailLogin> {
    const now = new Date()
    if (existing) {
      if (existing.emailVerified) return { user: existing, isNewUser: false }
      // The account's own holder proving the address keeps what they set up.
      const signedInId = (await ctx.config.sessionStrategy.signedIn(ctx))?.userId
      if (signedInId !== existing.id) await takeBackAccount(ctx, existing.id)
      const user = await adapter.updateUser({ id: existing.id, emailVerified: now })
      await emitEvent(ctx.config, "updateUser", { user })
      return { user, isNewUser: false }
    }
    const user = await adapter.createUser({ ...candidate, emailVerified: now })
    await emitEvent(ctx.config, "createUser", { user })
    return { user, isNewUser: true }
  }

  return { candidate, existing: existing !== null, commit }
}
