/**
 * The credentials provider's authorize() for email + password accounts. Rate
 * limits (per email, per client address) are applied by the library around
 * this call, counted before it runs; see lib/auth/actions/callback/credentials-limits.ts.
 */
import { CredentialsSignin, type CredentialsErrorCode } from "@/lib/auth"
import { asDatabaseUnavailable } from "@/lib/auth/adapters/prisma"
import type { DbClient } from "@/lib/db/client"
import { isPasswordHasherBusy } from "./hash-gate"
import { type PublicUser, verifyCredentials } from "./users"

/** Refused because too many password checks are running: "busy", retry in a second (429 for fetch callers). */
export class SignInBusy extends CredentialsSignin {
  override code: CredentialsErrorCode = "busy"
  readonly retryAfterSeconds = 1
}

/**
 * Whether an address must be verified before a password sign-in works.
 * The starter lets unverified users in (and shows the state in Settings);
 * set this to true to refuse them until they follow the verification mail.
 */
export const REQUIRE_VERIFIED_EMAIL_FOR_PASSWORD_SIGN_IN = false

/** Refused because the address is not verified yet (only with the switch above on). */
export class EmailNotVerified extends CredentialsSignin {
  override code: CredentialsErrorCode = "unverified"
}

/** Checks email + password; null for either being wrong (the same answer in about the same time). */
export async function authorizeWithPassword(
  db: DbClient,
  credentials: { email?: unknown; password?: unknown },
): Promise<PublicUser | null> {
  let user: PublicUser | null
  try {
    user = await verifyCredentials(db, credentials.email, credentials.password)
  } catch (error) {
    if (isPasswordHasherBusy(error)) throw new SignInBusy("Password checks are busy")
    // An unreachable database is the library's DatabaseUnavailable (a 503), not a failed sign-in.
    throw asDatabaseUnavailable(error) ?? error
  }
  if (user && REQUIRE_VERIFIED_EMAIL_FOR_PASSWORD_SIGN_IN && !user.emailVerified) throw new EmailNotVerified()
  return user
}

/**
 * Whether the user has a password (the credentials provider's hasPassword):
 * re-authentication offers it only then, and a two-factor user without one
 * confirms with the code alone.
 */
export async function userHasPassword(db: DbClient, userId: string): Promise<boolean> {
  try {
    const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } })
    return typeof user?.passwordHash === "string" && user.passwordHash !== ""
  } catch (error) {
    throw asDatabaseUnavailable(error) ?? error
  }
}
