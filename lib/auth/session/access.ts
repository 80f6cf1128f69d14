/**
 * A user's standing at the moments that decide it: at each sign-in (refused
 * while banned; the roles the new session carries) and on each database
 * session read (the roles and ban read with the row, no query of their own).
 */
import { activeBan, effectiveRoles } from "../access/user-access"
import { USER_ROLE } from "../access/control"
import type { AdapterUser } from "../adapters/types"
import type { ResolvedConfig } from "../config/resolved"
import { AccountSuspended, DatabaseUnavailable, TwoFactorSignInError } from "../errors"
import type { StoredStanding } from "./standing-cache"

/**
 * The roles a user signing in holds, or AccountSuspended while a ban is in force.
 * Without the adapter's access methods every user holds "user" and nobody is banned.
 */
export async function signInRoles(config: Pick<ResolvedConfig, "access" | "twoFactor" | "adapter" | "logger">, userId: unknown): Promise<string[]> {
  const { adapter, adminEmails } = config.access
  if (typeof userId !== "string" || userId === "") return [USER_ROLE]
  await refuseUnservedStanding(config, userId)
  if (!adapter) return [USER_ROLE]
  const record = await adapter.getUserAccess(userId)
  if (!record) return [USER_ROLE]
  const ban = activeBan(record)
  if (ban) throw new AccountSuspended(ban.until)
  return effectiveRoles(record, adminEmails)
}

/** The roles of a user read with a database session, or null while a ban is in force (the session is over). */
export function sessionUserRoles(config: Pick<ResolvedConfig, "access">, user: AdapterUser): string[] | null {
  if (activeBan({ bannedAt: user.bannedAt ?? null, banExpires: user.banExpires ?? null })) return null
  return effectiveRoles({ roles: user.roles ?? [], email: user.email, emailVerified: user.emailVerified }, config.access.adminEmails)
}

/**
 * The user's stored standing, read at most once per revocation delay (session/standing-cache.ts);
 * undefined when the adapter keeps none.
 */
export function storedStanding(config: Pick<ResolvedConfig, "access" | "session">, userId: string): Promise<StoredStanding> | undefined {
  const adapter = config.access.adapter
  if (!adapter) return undefined
  return config.access.standing.get(userId, config.session.revocationDelay * 1000, async () => (await adapter.getUserAccess(userId)) ?? null)
}

/**
 * The roles a kept jwt holds now: the stored ones (and AUTH_ADMIN_EMAILS as configured now), not
 * the ones it was issued with; null while a ban is in force (the session is over). A token that
 * carries nothing beyond "user" is taken at its word and costs nothing: a grant ends the user's
 * sessions (admin/standing.ts), so only a loss can leave a token behind its stored roles. With no
 * stored standing to read (no access adapter, a deleted user: revocation ends that one) or the
 * database out with nothing read before, the claim stands, as the revocation check's does.
 */
export async function rolesOfKeptToken(config: Pick<ResolvedConfig, "access" | "session">, userId: string, claimed: readonly string[]): Promise<string[] | null> {
  if (claimed.every((role) => role === USER_ROLE)) return [...claimed]
  let record: StoredStanding | undefined
  try {
    record = await storedStanding(config, userId)
  } catch (error) {
    if (error instanceof DatabaseUnavailable) return [...claimed]
    throw error
  }
  if (!record) return [...claimed]
  if (activeBan(record)) return null
  return effectiveRoles(record, config.access.adminEmails)
}

/** The session marked as an impersonation (`session.impersonatedBy`: the admin's user id), or left as it is. */
export function withImpersonator<S extends Record<string, unknown> | null>(session: S, impersonatedBy: string | null | undefined): S {
  if (session && typeof impersonatedBy === "string") (session as Record<string, unknown>).impersonatedBy = impersonatedBy
  return session
}

/** The session's user with the library's roles on it: not the app's to set through the session callback. */
export function withRoles<S extends { user?: unknown } | null>(session: S, roles: readonly string[]): S {
  if (session && typeof session.user === "object" && session.user !== null) (session.user as { roles?: readonly string[] }).roles = roles
  return session
}

/**
 * An adapter without the two-factor or the access methods, over rows another adapter wrote, would
 * sign in with the password alone a user who enrolled a second factor, and a banned user as if no
 * ban were recorded. When the adapter can tell (getUnservedStanding), such a user is refused:
 * the sign-in page says why, and the log says the way back.
 */
async function refuseUnservedStanding(config: Pick<ResolvedConfig, "access" | "twoFactor" | "adapter" | "logger">, userId: string): Promise<void> {
  const servesTwoFactor = config.twoFactor.adapter !== undefined
  const servesBans = config.access.adapter !== undefined
  const read = config.adapter?.getUnservedStanding
  if ((servesTwoFactor && servesBans) || !read) return
  const standing = await read.call(config.adapter, userId)
  const ban = servesBans ? null : standing.ban
  if (ban && (ban.until === null || ban.until.getTime() > Date.now())) {
    config.logger.warn("unserved-standing-refused", { userId, reason: "ban" })
    throw new AccountSuspended(ban.until)
  }
  if (!servesTwoFactor && standing.twoFactor) {
    config.logger.warn("unserved-standing-refused", { userId, reason: "two-factor" })
    throw new TwoFactorSignInError("two_factor_unavailable", "The user has a second factor this adapter cannot check")
  }
}
