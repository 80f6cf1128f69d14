/**
 * Whether a user may turn two-factor on. An address nobody
 * has proven yet reserves nothing: whoever proves the mailbox takes the
 * account back (take-back.ts), and the take-back removes two-factor with
 * every other credential, since the account's creator may hold the
 * authenticator. Two-factor enrolled on such an address would be lost the
 * first time its owner signs in with an email link or resets the password,
 * so enrolment waits for the address to be confirmed. An account without an
 * address has no mailbox that could take it back: it may enrol.
 */
import type { DbClient } from "@/lib/db/client"

export type TwoFactorEnrolmentRefusal =
  /** The account's address was never verified: confirm it first. */
  | "unverified-email"
  | "no-user"

/** Null when the user may enrol; checked by the Settings actions on every step (begin and confirm). */
export async function twoFactorEnrolmentRefusal(db: Pick<DbClient, "user">, userId: string): Promise<TwoFactorEnrolmentRefusal | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerified: true } })
  if (!user) return "no-user"
  return user.email && !user.emailVerified ? "unverified-email" : null
}
