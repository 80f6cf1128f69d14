import { CredentialsSignin, type CredentialsErrorCode } from "@/lib/auth/errors"
import type { DbClient } from "@/lib/db/client"
import { normalizeEmail } from "./email"
import { FailureThrottle } from "./throttle"
import { type PublicUser, verifyCredentials } from "./users"

/** Refused because of too many failures; the code says so without saying which credential was wrong. */
export class TooManyAttempts extends CredentialsSignin {
  override code: CredentialsErrorCode = "rate_limited"
}

export interface SignInLimits {
  perEmail: FailureThrottle
  perClient: FailureThrottle
}

/** 5 failures per email and 50 per client address in 15 minutes. */
export function defaultSignInLimits(): SignInLimits {
  const windowMs = 15 * 60 * 1000
  return {
    perEmail: new FailureThrottle({ limit: 5, windowMs }),
    perClient: new FailureThrottle({ limit: 50, windowMs }),
  }
}

/**
 * The client address as the nearest proxy saw it: the LAST X-Forwarded-For
 * entry. Earlier entries are whatever the client sent and could be rotated to
 * dodge the per-client limit; with one trusted proxy in front (the usual
 * deployment) the last one is the real peer. Behind several proxies, take the
 * entry your outermost trusted proxy appended.
 */
export function clientAddress(request: Request | undefined): string {
  const forwarded = request?.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim()
  return forwarded || request?.headers.get("x-real-ip") || "unknown"
}

/**
 * The credentials provider's authorize(): checks email + password, with
 * failures throttled per email and per client. A throttled attempt is refused
 * before the password is checked, so guessing stops paying off; the answer
 * for a wrong password and an unknown email stays the same.
 */
export async function authorizeWithPassword(
  db: DbClient,
  limits: SignInLimits,
  credentials: { email?: unknown; password?: unknown },
  request?: Request,
): Promise<PublicUser | null> {
  const emailKey = `email:${normalizeEmail(credentials.email) ?? "invalid"}`
  const clientKey = `client:${clientAddress(request)}`
  if (limits.perEmail.isBlocked(emailKey) || limits.perClient.isBlocked(clientKey)) throw new TooManyAttempts()

  const user = await verifyCredentials(db, credentials.email, credentials.password)
  if (!user) {
    limits.perEmail.recordFailure(emailKey)
    limits.perClient.recordFailure(clientKey)
    return null
  }
  limits.perEmail.reset(emailKey)
  return user
}
