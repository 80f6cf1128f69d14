/**
 * A signed-in user's own sessions (database strategy): list them, revoke one,
 * revoke all but the current one. Framework-free: everything is derived from a
 * standard Request, whose session cookie names both the user and the current
 * session. A user can only ever reach the rows of the session they hold, so
 * no caller-supplied user id exists to be forged.
 *
 * Sessions are named to the browser by an opaque id (a hash of the token),
 * never by the token: the token is the credential, and the list is rendered
 * into pages.
 */
import { hasMethods, sessionListingMethods, type SessionListingAdapter } from "../adapters/capabilities"
import type { ResolvedConfig } from "../config/resolve"
import { parseCookies } from "../cookies"
import { sha256Hex } from "../hash"
import type { AdapterSession } from "../types"
import { describeUserAgent } from "./user-agent"

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
}

export type SessionListing =
  | { status: "signed-out" }
  /** The jwt strategy keeps no record of sessions: there is nothing to list or revoke. */
  | { status: "jwt" }
  /** The database strategy with an adapter that has no listSessions/deleteSessions. */
  | { status: "unsupported" }
  | { status: "ok"; sessions: UserSessionInfo[] }

export type RevokeResult = "revoked" | "not-found" | "current" | "signed-out" | "jwt" | "unsupported"

type Holder =
  | { status: "signed-out" | "jwt" | "unsupported" }
  | { status: "ok"; adapter: SessionListingAdapter; userId: string; sessionToken: string }

/** The session token this request carries (secure or plain cookie name, as the core picks it). */
function sessionTokenOf(config: ResolvedConfig, request: Request): string | undefined {
  const secure = config.useSecureCookies ?? new URL(request.url).protocol === "https:"
  const name = (secure ? config.cookies.secure : config.cookies.insecure).sessionToken.name
  return parseCookies(request.headers.get("cookie"))[name]
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
  const found = await adapter.getSessionAndUser(sessionToken)
  if (!found || found.session.expires.getTime() <= Date.now()) return { status: "signed-out" }
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
  }
}

export async function listUserSessions(config: ResolvedConfig, request: Request): Promise<SessionListing> {
  const who = await holder(config, request)
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
    return "revoked"
  }
  return "not-found"
}

/** Revokes every session of the requesting user except the current one; resolves to how many ended. */
export async function revokeOtherUserSessions(
  config: ResolvedConfig,
  request: Request,
): Promise<{ status: "ok"; revoked: number } | { status: "signed-out" | "jwt" | "unsupported" }> {
  const who = await holder(config, request)
  if (who.status !== "ok") return { status: who.status }
  return { status: "ok", revoked: await who.adapter.deleteSessions(who.userId, who.sessionToken) }
}
