/**
 * Default values of the configuration: lifetimes, session token generator and
 * the default callbacks. Constants and small pure functions only.
 */
import type { CallbacksOptions } from "./types"
import type { JWT, Session } from "../types"
import { defaultRedirect } from "../redirect"
import { encode as base64url } from "../jwe/base64url"

export { DEFAULT_MAX_AGE } from "../jwt"
export const DEFAULT_UPDATE_AGE = 24 * 60 * 60
/** session.absoluteMaxAge: 30 days from sign-in, however active the session was. */
export const DEFAULT_ABSOLUTE_MAX_AGE = 30 * 24 * 60 * 60
/** reauthenticateAfter: a proof of identity counts as recent for 10 minutes. */
export const DEFAULT_REAUTHENTICATE_AFTER = 10 * 60
/** The shortest reauthenticateAfter: a proof must outlive the trip back from the re-authenticate page. */
export const MIN_REAUTHENTICATE_AFTER = 60
/** securityLog.retentionDays: entries are kept for 90 days. */
export const DEFAULT_SECURITY_LOG_RETENTION_DAYS = 90

/**
 * A database session token: 256 bits from the CSPRNG, base64url (43
 * characters). Auth.js uses randomUUID (122 random bits), under the 128 that
 * ASVS 5.0 7.2.3 asks of a reference token; rows it wrote stay valid, since a
 * token is only ever looked up as an opaque string.
 */
export function defaultSessionToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)))
}

/** Exposes only name, email and image: anything else must be added by the app's session callback. */
function defaultSessionCallback({ session }: { session: Session }): Session {
  const user = session.user
  return {
    user: { name: user?.name ?? null, email: user?.email ?? null, image: user?.image ?? null },
    expires: session.expires,
  }
}

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  session: defaultSessionCallback,
  jwt: ({ token }: { token: JWT }) => token,
}
