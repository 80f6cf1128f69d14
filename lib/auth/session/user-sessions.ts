/**
 * A signed-in user's own sessions: list them, revoke one, revoke all but the
 * current one (database strategy: the rows; jwt strategy: only the last, by
 * the user's "sessions valid since" instant, see revocation.ts). And ending
 * every session of a user the app names (a password reset). Framework-free:
 * everything else is derived from a standard Request, whose session cookie
 * names both the user and the current session. A user can only ever reach the
 * sessions they hold, so no caller-supplied user id exists to be forged.
 *
 * Sessions are named to the browser by an opaque id (a hash of the token),
 * never by the token: the token is the credential, and the list is rendered
 * into pages.
 */
import { hasMethods, sessionListingMethods, type SessionListingAdapter } from "../adapters/capabilities"
import { lookUpSession } from "../adapters/session-lookup"
import type { ResolvedConfig } from "../config/resolved"
import { parseCookies, SessionStore } from "../cookies"
import { sha256Hex } from "../hash"
import type { AdapterSession } from "../adapters/types"
import type { Cookie, CookiesOptions, JWT } from "../types"
import { decodeSessionToken, reissueSessionToken } from "./jwt-session"
import { impersonationWasStopped } from "./impersonation-stop"
import type { SessionRevocation } from "../config/resolved"
import { describeUserAgent } from "./user-agent"
import { recordSecurityEvent } from "../security-log/record"

export interface UserSessionInfo {
  /** Opaque and stable for the session's life; what `revoke` takes. */
  id: string
  /** This request's own session. */
  current: boolean
  /** Null for rows written without it (none are, with our schema's default). */
  createdAt: Date | null
  /** Sign-in or the last expiry slide (at most `session.updateAge` old); null when never recorded. */
  lastActiveAt: Date | null
  expires: Date
  userAgent: string | null
  browser: string
  os: string
  /** Set on a session an admin started as this user (impersonation): the admin's user id. */
  impersonatedBy: string | null
}

export type SessionListing =
  | { status: "signed-out" }
  /**
   * The jwt strategy keeps no record of sessions: there is nothing to list.
   * `canRevokeOthers`: the adapter stores "sessions valid since", so every
   * other session can still be ended at once (revokeOthers).
   */
  | { status: "jwt"; canRevokeOthers: boolean }
  /** The database strategy with an adapter that has no listSessions/deleteSessions. */
  | { status: "unsupported" }
  | { status: "ok"; sessions: UserSessionInfo[] }

export type RevokeResult = "revoked" | "not-found" | "current" | "signed-out" | "jwt" | "unsupported"

export type RevokeOthersResult =
  /** `revoked`: how many sessions ended; null with the jwt strategy, where nobody knows how many browsers held one. */
  | { status: "ok"; revoked: number | null; cookies: Cookie[] }
  | { status: "signed-out" | "jwt" | "unsupported" }

type Holder =
  | { status: "signed-out" | "jwt" | "unsupported" }
  | { status: "ok"; adapter: SessionListingAdapter; userId: string; sessionToken: string }

/** The cookie options this request is answered with (secure or plain names, as the core picks them). */
function cookieOptionsOf(config: ResolvedConfig, request: Request): CookiesOptions {
  const secure = config.useSecureCookies ?? new URL(request.url).protocol === "https:"
  return secure ? config.cookies.secure : config.cookies.insecure
}

/** The session token this request carries. */
function sessionTokenOf(config: ResolvedConfig, request: Request): string | undefined {
  return parseCookies(request.headers.get("cookie"))[cookieOptionsOf(config, request).sessionToken.name]
}

/** Who holds this request's session, and through which adapter their sessions are reached. */
async function holder(config: ResolvedConfig, request: Request): Promise<Holder> {
  if (config.sessionStrategy.name !== "database") return { status: "jwt" }
  const adapter = config.adapter
  if (!hasMethods(adapter, sessionListingMethods)) {
    return { status: "unsupported" }
  }
  const sessionToken = sessionTokenOf(config, request)
  if (!sessionToken) return { status: "signed-out" }
  const found = await lookUpSession(adapter, sessionToken)
  if (!found || found.session.expires.getTime() <= Date.now() || impersonationWasStopped(found.session)) return { status: "signed-out" }
  return { status: "ok", adapter, userId: found.user.id, sessionToken }
}

/** The id a session is known by outside the server. */
export async function publicSessionId(sessionToken: string): Promise<string> {
  return (await sha256Hex(`session-id:${sessionToken}`)).slice(0, 32)
}

async function toInfo(row: AdapterSession, currentToken: string): Promise<UserSessionInfo> {
  const userAgent = typeof row.userAgent === "string" ? row.userAgent : null
  return {
    id: await publicSessionId(row.sessionToken),
    current: row.sessionToken === currentToken,
    createdAt: row.createdAt instanceof Date ? row.createdAt : null,
    lastActiveAt: row.lastActiveAt instanceof Date ? row.lastActiveAt : null,
    expires: row.expires,
    userAgent,
    ...describeUserAgent(userAgent),
    impersonatedBy: typeof row.impersonatedBy === "string" ? row.impersonatedBy : null,
  }
}

export async function listUserSessions(config: ResolvedConfig, request: Request): Promise<SessionListing> {
  const who = await holder(config, request)
  if (who.status === "jwt") return { status: "jwt", canRevokeOthers: config.revocation !== undefined }
  if (who.status !== "ok") return { status: who.status }
  const rows = await who.adapter.listSessions(who.userId)
  const sessions = await Promise.all(rows.map((row) => toInfo(row, who.sessionToken)))
  // The current session first, then as the adapter ordered them (most recently active first).
  sessions.sort((a, b) => Number(b.current) - Number(a.current))
  return { status: "ok", sessions }
}

/**
 * Revokes one of the requesting user's sessions by its public id. The id is
 * looked up among that user's own rows only, so another user's session can
 * never match. The current session is refused: signing out ends it.
 */
export async function revokeUserSession(config: ResolvedConfig, request: Request, id: string): Promise<RevokeResult> {
  const who = await holder(config, request)
  if (who.status !== "ok") return who.status
  if (typeof id !== "string" || id === "") return "not-found"
  const rows = await who.adapter.listSessions(who.userId)
  for (const row of rows) {
    if ((await publicSessionId(row.sessionToken)) !== id) continue
    if (row.sessionToken === who.sessionToken) return "current"
    await who.adapter.deleteSession(row.sessionToken)
    await recordSecurityEvent(config, request, { userId: who.userId, type: "session-revoked", detail: "1 session" })
    return "revoked"
  }
  return "not-found"
}

/** How endUserSessions is asked to end a user's sessions. */
export interface EndUserSessionsOptions {
  /** The request that asked: the security log's address and device, and with `keep`, the browser to keep. null: none. */
  request?: Request | null
  /**
   * Keep the request's own session when it is this user's (the browser that changed the password or
   * asked to sign the others out): database strategy, its row is spared; jwt, it is answered a new
   * token counting from the revocation (`cookies`, for the caller to set). Otherwise every session ends.
   */
  keep?: boolean
}

export type EndUserSessionsResult =
  | {
      status: "ok"
      /** Database session rows deleted; null with the jwt strategy, where nobody knows how many browsers held one. */
      revoked: number | null
      /** The request's own session was kept. */
      kept: boolean
      /** The kept jwt session's new token; empty otherwise. */
      cookies: Cookie[]
      /** The "sessions valid since" instant stored (milliseconds), or null when the adapter keeps none. */
      instant: Date | null
    }
  /** The adapter can neither delete session rows nor store "sessions valid since". */
  | { status: "unsupported" }

/** The request's own session, when it belongs to `userId` and may be kept. */
type Kept = { strategy: "database"; sessionToken: string } | { strategy: "jwt"; token: JWT; store: SessionStore; cookies: CookiesOptions }

async function keptSession(config: ResolvedConfig, request: Request, userId: string): Promise<Kept | null> {
  if (config.sessionStrategy.name === "database") {
    const who = await holder(config, request)
    return who.status === "ok" && who.userId === userId ? { strategy: "database", sessionToken: who.sessionToken } : null
  }
  if (!config.revocation) return null
  const cookies = cookieOptionsOf(config, request)
  const store = new SessionStore(cookies.sessionToken, parseCookies(request.headers.get("cookie")))
  const token = await currentJwt({ config, cookies }, store, config.revocation)
  return token?.sub === userId ? { strategy: "jwt", token, store, cookies } : null
}

/**
 * The library's one way to end a user's sessions; every path that revokes
 * (a take-back, a password reset or change, set-password, "Sign out all other
 * sessions", an email change, two-factor on or off) comes here. The user's
 * "sessions valid since" is set to now, in milliseconds, and this process's
 * cache learns it at once; then, under the database strategy, the rows are
 * deleted. In that order: a session created meanwhile re-reads the instant
 * after writing its row (database-session.ts), so it is either refused there
 * or its row already exists when the rows are deleted. Callers that write in
 * a transaction call this after it commits. Every impersonation the user
 * started ends with their sessions (database: its rows are deleted here).
 */
export async function endUserSessions(
  config: ResolvedConfig,
  userId: string,
  options: EndUserSessionsOptions = {},
): Promise<EndUserSessionsResult> {
  const request = options.request ?? null
  const deleteSessions = config.sessionStrategy.name === "database" ? config.adapter?.deleteSessions : undefined
  if (!deleteSessions && !config.revocation) return { status: "unsupported" }
  const kept = options.keep && request ? await keptSession(config, request, userId) : null
  const instant = config.revocation ? await config.revocation.revoke(userId, new Date()) : null
  const revoked = deleteSessions ? await deleteSessions(userId, kept?.strategy === "database" ? kept.sessionToken : undefined) : null
  // The sessions run on this user's authority end too: impersonations they started (jwt: the instant
  // above ends those, impersonator.ts). And the standing this process read of them is stale now.
  if (config.sessionStrategy.name === "database") await config.adapter?.deleteSessionsImpersonatedBy?.(userId)
  config.access.standing.forget(userId)
  // The browser that revoked counts from the instant itself, so it alone stays valid.
  const cookies =
    kept?.strategy === "jwt" && instant ? await reissueSessionToken({ config, cookies: kept.cookies }, kept.store, kept.token, instant.getTime()) : []
  // Nothing ended is nothing to tell: a password change ends the others routinely, often none.
  if (revoked !== 0) await recordSecurityEvent(config, request, { userId, type: "session-revoked", detail: sessionsEnded(revoked, kept ? "other" : "all") })
  return { status: "ok", revoked, kept: kept !== null, cookies, instant }
}

/**
 * Revokes every session of the requesting user except the current one
 * (endUserSessions, keeping this browser's): database strategy, the other
 * rows; jwt strategy, every token but the new one answered in `cookies`, for
 * the caller to set.
 */
export async function revokeOtherUserSessions(config: ResolvedConfig, request: Request): Promise<RevokeOthersResult> {
  let userId: string
  if (config.sessionStrategy.name === "jwt") {
    const revocation = config.revocation
    if (!revocation) return { status: "jwt" }
    const cookies = cookieOptionsOf(config, request)
    const store = new SessionStore(cookies.sessionToken, parseCookies(request.headers.get("cookie")))
    const token = await currentJwt({ config, cookies }, store, revocation)
    if (!token) return { status: "signed-out" }
    userId = token.sub
  } else {
    const who = await holder(config, request)
    if (who.status !== "ok") return { status: who.status }
    userId = who.userId
  }
  const ended = await endUserSessions(config, userId, { request, keep: true })
  // The session ended between the two reads (another request signed it out): nothing was kept.
  if (ended.status !== "ok" || !ended.kept) return { status: ended.status === "ok" ? "signed-out" : ended.status }
  return { status: "ok", revoked: ended.revoked, cookies: ended.cookies }
}

/** This request's session token when it is valid and not revoked, with the user it names. */
async function currentJwt(
  ctx: { config: ResolvedConfig; cookies: CookiesOptions },
  store: SessionStore,
  revocation: SessionRevocation,
): Promise<(JWT & { sub: string }) | null> {
  const value = store.value
  if (!value) return null
  const token = await decodeSessionToken(ctx, value).catch(() => null)
  if (!token || typeof token.sub !== "string" || token.sub === "") return null
  if (!(await revocation.accepts(token))) return null
  return token as JWT & { sub: string }
}

/**
 * Ends every session of a user the caller has identified by other means (a
 * password reset link): endUserSessions keeping none. "unsupported" when the
 * adapter can do neither.
 */
export async function revokeAllUserSessions(
  config: ResolvedConfig,
  userId: string,
  /** The request that asked, for the security log's address and device; null: logged without them. */
  request: Request | null = null,
): Promise<{ status: "ok"; revoked: number | null } | { status: "unsupported" }> {
  const ended = await endUserSessions(config, userId, { request })
  return ended.status === "ok" ? { status: "ok", revoked: ended.revoked } : ended
}

/** The entry's detail: how many sessions ended, in plain words (jwt: the count is unknowable). */
function sessionsEnded(count: number | null, which: "other" | "all"): string {
  const scope = which === "other" ? "every other session" : "every session"
  if (count === null) return scope
  return `${scope} (${count} ${count === 1 ? "session" : "sessions"})`
}
