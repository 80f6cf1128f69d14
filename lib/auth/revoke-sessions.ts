/**
 * The app's one call to end a user's sessions, with its configuration object
 * (resolved here once per object, as Auth() does). Every path that revokes
 * goes through it: a take-back, a password reset or change, set-password,
 * "Sign out all other sessions", an email change, two-factor on or off.
 *
 *   await revokeUserSessions(config, userId)                          // every session
 *   const { cookies } = await revokeUserSessions(config, userId, { request, keep: true })
 *   // … every session but this request's, whose new cookies (jwt) the caller sets
 *
 * The user's "sessions valid since" becomes now (milliseconds), this
 * process's cache learns it at once, and database session rows are deleted.
 * Call it after any transaction of the app's own has committed.
 */
import { resolveAuthConfig } from "./auth"
import type { AuthConfig } from "./config/types"
import { endUserSessions, type EndUserSessionsOptions, type EndUserSessionsResult } from "./session/user-sessions"

export type { EndUserSessionsOptions as RevokeUserSessionsOptions, EndUserSessionsResult as RevokeUserSessionsResult } from "./session/user-sessions"

export function revokeUserSessions(config: AuthConfig, userId: string, options: EndUserSessionsOptions = {}): Promise<EndUserSessionsResult> {
  return endUserSessions(resolveAuthConfig(config), userId, options)
}
