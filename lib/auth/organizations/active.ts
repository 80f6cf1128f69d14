/**
 * The organization a user works in, per session: a column of the session row
 * (database strategy) or a claim of the session token (jwt, with a snapshot of
 * the membership: session/organization-claims.ts). Set when the user creates,
 * joins or switches, and remembered per membership (Member.lastActiveAt) so
 * the next sign-in starts there (session/create.ts). Read back only after
 * checking, in the database, that the user is still a member and the
 * organization still exists (or, jwt, through a snapshot whose memberships
 * version is still the user's), so a stale claim or column never grants anything.
 */
import type { ResolvedConfig } from "../config/resolved"
import { parseCookies, SessionStore } from "../cookies"
import { OrganizationError } from "../errors"
import { decodeSessionToken, reissueSessionToken } from "../session/jwt-session"
import { ACTIVE_ORGANIZATION_CLAIM, activeOrganizationIdOf, withActiveMembership } from "../session/organization-claims"
import type { Cookie, CookiesOptions, JWT } from "../types"
import { membershipOf, organizationAdapter, type Membership } from "./context"

export { ACTIVE_ORGANIZATION_CLAIM }

/** This request's session, when it is valid: whose it is and where its active organization is kept. */
export type CurrentSession =
  | { strategy: "database"; userId: string; sessionToken: string; activeOrganizationId: string | null }
  | { strategy: "jwt"; userId: string; token: JWT; store: SessionStore; cookies: CookiesOptions; activeOrganizationId: string | null }

function cookieOptionsOf(config: ResolvedConfig, request: Request): CookiesOptions {
  const secure = config.useSecureCookies ?? new URL(request.url).protocol === "https:"
  return secure ? config.cookies.secure : config.cookies.insecure
}

export async function currentSession(config: ResolvedConfig, request: Request): Promise<CurrentSession | null> {
  const cookies = cookieOptionsOf(config, request)
  const jar = parseCookies(request.headers.get("cookie"))
  if (config.sessionStrategy.name === "database") {
    const sessionToken = jar[cookies.sessionToken.name]
    const found = sessionToken ? await config.adapter?.getSessionAndUser?.(sessionToken) : null
    if (!sessionToken || !found || found.session.expires.getTime() <= Date.now()) return null
    const activeOrganizationId = await organizationAdapter(config).getSessionOrganization(sessionToken)
    return { strategy: "database", userId: found.user.id, sessionToken, activeOrganizationId }
  }
  const store = new SessionStore(cookies.sessionToken, jar)
  if (!store.value) return null
  const token = await decodeSessionToken({ config, cookies }, store.value).catch(() => null)
  if (!token || typeof token.sub !== "string" || token.sub === "") return null
  if (config.revocation && !(await config.revocation.accepts(token))) return null
  return { strategy: "jwt", userId: token.sub, token, store, cookies, activeOrganizationId: activeOrganizationIdOf(token) }
}

/** Stores the session's active organization; jwt: the cookies carrying the re-issued token, for the caller to set. */
export async function storeActiveOrganization(config: ResolvedConfig, session: CurrentSession, organizationId: string | null): Promise<Cookie[]> {
  const adapter = organizationAdapter(config)
  // Remembered for the user's next sign-in.
  if (organizationId !== null) await adapter.setMemberLastActive(organizationId, session.userId, new Date())
  if (session.strategy === "database") {
    await adapter.setSessionOrganization(session.sessionToken, organizationId)
    return []
  }
  // jwt: the claim with a snapshot of the membership as the database has it now.
  let read = organizationId === null ? { membership: null, membershipsVersion: null } : await adapter.getActiveMembership(session.userId, organizationId)
  // A membership change may have landed while that read was in flight, and this process may have
  // seen its newer version since: the snapshot would then vouch for a membership that has ended.
  const known = config.revocation?.membershipsVersion(session.token)
  if (organizationId !== null && read.membershipsVersion !== null && known !== undefined && known > read.membershipsVersion) {
    read = await adapter.getActiveMembership(session.userId, organizationId)
  }
  if (read.membershipsVersion !== null) config.revocation?.noteMembershipsVersion(session.userId, read.membershipsVersion)
  const token: JWT = withActiveMembership(session.token, read.membership, read.membershipsVersion)
  return reissueSessionToken({ config, cookies: session.cookies }, session.store, token)
}

/**
 * Makes `organizationId` the active organization of this request's session (null: none).
 * organization_not_found unless the session's user is a member; no_active_session when signed out.
 */
export async function setActiveOrganization(config: ResolvedConfig, request: Request, organizationId: string | null): Promise<{ cookies: Cookie[]; membership: Membership | null }> {
  const session = await currentSession(config, request)
  if (!session) throw new OrganizationError("no_active_session")
  const membership = organizationId === null ? null : await membershipOf(config, { userId: session.userId }, organizationId)
  return { cookies: await storeActiveOrganization(config, session, organizationId), membership }
}

/** The session's active organization with the user's membership, or null (none set, signed out, or no longer a member). */
export async function activeOrganization(config: ResolvedConfig, request: Request): Promise<Membership | null> {
  const session = await currentSession(config, request)
  if (!session?.activeOrganizationId) return null
  return membershipOf(config, { userId: session.userId }, session.activeOrganizationId).catch((error: unknown) => {
    if (error instanceof OrganizationError) return null
    throw error
  })
}

/**
 * The id the session names as its active organization, for a caller that has read and validated
 * this request's session already and will only pick from memberships it read from the database
 * (the header's switcher): a column read (database) or the claim (jwt, no query). Never a grant.
 */
export async function activeOrganizationHint(config: ResolvedConfig, request: Request): Promise<string | null> {
  const cookies = cookieOptionsOf(config, request)
  const jar = parseCookies(request.headers.get("cookie"))
  if (config.sessionStrategy.name === "database") {
    const sessionToken = jar[cookies.sessionToken.name]
    return sessionToken ? organizationAdapter(config).getSessionOrganization(sessionToken) : null
  }
  const store = new SessionStore(cookies.sessionToken, jar)
  const token = store.value ? await decodeSessionToken({ config, cookies }, store.value).catch(() => null) : null
  return token ? activeOrganizationIdOf(token) : null
}
