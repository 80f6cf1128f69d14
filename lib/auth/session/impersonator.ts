/**
 * An impersonation lives on its admin's authority, not the target's: every
 * read of an impersonation session asks whether the admin who started it is
 * still entitled to. They are not once they no longer exist, are banned, no
 * longer hold `user:impersonate` under the access-control definition the
 * server runs now (a role taken away, an address gone from
 * AUTH_ADMIN_EMAILS, a definition changed and redeployed), or had their own
 * sessions ended after it began (a ban, a role change or a deletion does
 * that too; jwt strategy: their "sessions valid since"). The standing and
 * the instant come from the same per-process caches as revocation, so the
 * verdict follows a change within the revocation delay (at once in the
 * process that made it), and an ordinary session pays nothing for it.
 *
 * The admin's own session waits meanwhile in the `impersonator-token`
 * cookie. Only "stop" gives it back; however else the browser's session
 * ends (sign-out, this check, a revocation, its lifetime), the parked one
 * ends with it (database strategy: its row too), so no token of the admin
 * outlives the impersonation in a browser the admin may have walked away from.
 */
import { PERMISSION_IMPERSONATE } from "../access/control"
import { activeBan, effectiveRoles } from "../access/user-access"
import type { ResolvedConfig } from "../config/resolved"
import type { Cookie, CookieOption, CookiesOptions } from "../types"
import { storedStanding } from "./access"
import { VALID_FROM_CLAIM } from "./valid-from"

/** Where the admin's own session waits during an impersonation: the session cookie's settings under its own name. */
export function parkedSessionCookieOption(cookies: CookiesOptions): CookieOption {
  const session = cookies.sessionToken
  return { name: session.name.replace("session-token", "impersonator-token"), options: session.options }
}

/** The cookie that removes the parked session from the browser. */
export function clearedParkedSessionCookie(cookies: CookiesOptions): Cookie {
  const option = parkedSessionCookieOption(cookies)
  return { name: option.name, value: "", options: { ...option.options, expires: undefined, maxAge: 0 } }
}

/**
 * Whether the admin `adminId` still carries an impersonation that began at `startedAtMs`
 * (undefined: unknown, only the standing is checked). Rejects when the standing cannot be read
 * (a database outage with nothing read before): the caller refuses the request without ending anything.
 */
export async function impersonatorEntitled(config: ResolvedConfig, adminId: string, startedAtMs: number | undefined): Promise<boolean> {
  const revocation = config.revocation
  // The admin's "sessions valid since" against the impersonation's start, as if it were their own token.
  if (revocation && startedAtMs !== undefined) {
    const asTheirs = { sub: adminId, [VALID_FROM_CLAIM]: startedAtMs }
    if (!(revocation.acceptsNow(asTheirs) ?? (await revocation.accepts(asTheirs)))) return false
  }
  const record = await storedStanding(config, adminId)
  // No adapter keeping standings: no impersonation could have been started, so none is carried.
  if (!record || activeBan(record)) return false
  return config.access.control.rolesGrant(effectiveRoles(record, config.access.adminEmails), PERMISSION_IMPERSONATE)
}

/**
 * Ends the parked admin session of this request, if any: database strategy, its row is deleted
 * (the jwt strategy keeps nothing to delete); either way the answer clears the cookie.
 */
export async function endParkedSession(config: ResolvedConfig, cookies: CookiesOptions, requestCookies: Readonly<Record<string, string | undefined>>): Promise<Cookie[]> {
  const parked = requestCookies[parkedSessionCookieOption(cookies).name]
  if (!parked) return []
  if (config.sessionStrategy.name === "database") await config.adapter?.deleteSession?.(parked)
  return [clearedParkedSessionCookie(cookies)]
}
