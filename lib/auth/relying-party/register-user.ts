/**
 * Whose account a newly registered passkey joins, by the same rules as an
 * OAuth sign-in: the signed-in user adds it to their own account; a new email
 * creates a user; an email that belongs to someone who is not signed in is
 * refused (AccountNotLinked). Decides only; creates nothing.
 */
import { AccountNotLinked, WebAuthnVerificationError } from "../errors"
import type { LinkingAdapter } from "../adapters/capabilities"
import type { AdapterUser } from "../adapters/types"
import type { IssuedChallenge } from "./challenge-cookie"

export type PasskeyOwner =
  | { kind: "existing"; user: AdapterUser }
  | { kind: "new"; user: AdapterUser }

export async function passkeyOwner(
  adapter: LinkingAdapter,
  issued: IssuedChallenge,
  sessionUser: AdapterUser | null,
): Promise<PasskeyOwner> {
  if (issued.userId !== undefined) {
    // The options were made for a signed-in user: the same user must still be signed in.
    if (sessionUser?.id !== issued.userId) {
      throw new WebAuthnVerificationError("session_changed", "The signed-in user changed during passkey registration")
    }
    return { kind: "existing", user: sessionUser }
  }
  if (sessionUser) {
    throw new WebAuthnVerificationError("session_changed", "A user signed in during a passkey sign-up")
  }
  if (issued.email === undefined) throw new WebAuthnVerificationError("challenge_mismatch", "The challenge names no user")
  if (await adapter.getUserByEmail(issued.email)) {
    throw new AccountNotLinked("That email belongs to an account that is not signed in")
  }
  const { email, name = null } = issued
  return { kind: "new", user: { id: crypto.randomUUID(), email, emailVerified: null, name, image: null } }
}
