/**
 * A signed-in user's own sessions as the app's server code uses them (server
 * components, server actions): the core's user-sessions functions on the
 * current request's cookies. Server actions are same-origin POSTs that Next
 * checks, so the revoking calls need no CSRF token of ours.
 *
 *   const listing = await sessions.list()
 *   if (listing.status === "ok") listing.sessions // [{ id, current, browser, os, createdAt, lastActiveAt, … }]
 *   await sessions.revoke(id)       // one of the caller's own sessions
 *   await sessions.revokeOthers()   // every one but the current (jwt too: this browser gets a new cookie)
 *   await sessions.revokeAll(userId) // every one of a user the app identified otherwise (a password reset)
 *   await sessions.revokeAll(userId, { keep: true }) // … but this browser's, when it is that user's
 *
 * Both are the core's one revocation call (revokeUserSessions) on this request.
 */
import { headers as nextHeaders } from "next/headers"
import { resolveAuthConfig } from "../auth"
import { revokeUserSessions } from "../revoke-sessions"
import {
  listUserSessions,
  revokeOtherUserSessions,
  revokeUserSession,
  type RevokeResult,
  type SessionListing,
} from "../session/user-sessions"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"
import { currentRequest } from "./current-request"

export type { RevokeResult, SessionListing, UserSessionInfo } from "../session/user-sessions"

/** What revokeOthers resolves to; `revoked` is null with the jwt strategy (the count is unknowable). */
export type RevokeOthersOutcome = { status: "ok"; revoked: number | null } | { status: "signed-out" | "jwt" | "unsupported" }

export interface AppSessions {
  /** The caller's sessions, current first; or why there is no list (signed out, jwt strategy, adapter). */
  list(): Promise<SessionListing>
  /** Ends one of the caller's other sessions by its listed id. */
  revoke(id: string): Promise<RevokeResult>
  /**
   * Ends every session of the caller but the current one. With the jwt
   * strategy this browser is given a new session cookie, so call it where
   * cookies can be set (a server action or route handler).
   */
  revokeOthers(): Promise<RevokeOthersOutcome>
  /**
   * Ends every session of a user, this request's included; for a caller that identified the user
   * otherwise. `keep`: this browser's session stays when it is that user's (its new jwt cookie is
   * set here, so call it where cookies can be set); `kept` says whether it was.
   */
  revokeAll(
    userId: string,
    options?: { keep?: boolean },
  ): Promise<{ status: "ok"; revoked: number | null; kept: boolean } | { status: "unsupported" }>
}

export function appSessions(getConfig: () => Promise<PreparedConfig>): AppSessions {
  /** The resolved config and a request carrying the cookies as they stand now (inside a request scope only). */
  async function current() {
    const prepared = await getConfig()
    const headers = await nextHeaders()
    // The request's own headers too (User-Agent, forwarded address): the security log records them.
    const forwarded = new Headers(headers)
    forwarded.set("cookie", await currentCookieHeader())
    const request = new Request(`${prepared.origin(headers)}${prepared.basePath}/session`, { headers: forwarded })
    return [resolveAuthConfig(prepared.handler), request] as const
  }
  return {
    list: async () => listUserSessions(...(await current())),
    revoke: async (id) => revokeUserSession(...(await current()), id),
    revokeOthers: async () => {
      const result = await revokeOtherUserSessions(...(await current()))
      if (result.status !== "ok") return result
      await setCookies(result.cookies)
      return { status: "ok", revoked: result.revoked }
    },
    revokeAll: async (userId, options = {}) => {
      const prepared = await getConfig()
      // With keep, the request must carry the cookies as they stand now, to find this browser's session.
      const request = options.keep ? (await current())[1] : await currentRequest()
      const result = await revokeUserSessions(prepared.handler, userId, { request, keep: options.keep === true })
      if (result.status !== "ok") return result
      await setCookies(result.cookies)
      return { status: "ok", revoked: result.revoked, kept: result.kept }
    },
  }
}
