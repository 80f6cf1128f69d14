/**
 * NextAuth(config): the Next.js App Router layer on the core, with the route
 * handlers, auth() in its overloads and the server-side actions. Everything
 * Next-specific stays in lib/auth/next.
 */
import { headers as nextHeaders } from "next/headers"
import type { NextFetchEvent, NextRequest } from "next/server"
import { Auth } from "../auth"
import type { Session } from "../types"
import * as serverActions from "./actions"
import { configGetter, type NextAuthConfigInput } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"
import { handleAuth, type NextAuthRequest, type WrappedHandler } from "./guard"
import { withOrigin } from "../http/origin"
import { appendSetCookies, type NodeResponseLike } from "../frameworks/shared/cookies"
import { headersFromNode, type NodeHeaders } from "../frameworks/shared/headers"
import { appRateLimit } from "./rate-limit"
import { readSession } from "./session"
import { HANDOVER_HEADER, sessionHandover } from "./session-handover"
import { appSessions } from "./user-sessions"
import { appSecurityLog } from "./security-log"
import { recentAuthenticationGuard } from "./step-up"
import { appOrganizations } from "./organizations"
import { permissionChecks } from "./permission"

export type { NextAuthConfig, AuthorizedParams } from "./config"
export type { NextAuthRequest } from "./guard"
export { relativeRedirect } from "./actions"
export { resolveBasePath } from "./config"
export { currentRequest } from "./current-request"
// The core's one revocation call, for route handlers that hold the config object (sessions.revokeAll is it on this request).
export { revokeUserSessions, type RevokeUserSessionsOptions, type RevokeUserSessionsResult } from "../revoke-sessions"
export type { AppRateLimit } from "./rate-limit"
export type { AppSessions, RevokeResult, SessionListing, UserSessionInfo } from "./user-sessions"
export type { AppSecurityLog, SecurityLogEntry } from "./security-log"
export type { AppOrganizations } from "./organizations"
export type {
  NewSecurityEvent,
  SecurityEvent,
  SecurityEventMethod,
  SecurityEventOutcome,
  SecurityEventType,
} from "../security-log/types"
export type { RecentAuthenticationOptions, RequireRecentAuthentication } from "./step-up"
export type { RequirePermission } from "./permission"
export { routeRules, type RouteRule, type RouteVerdict } from "../access/route-rules"

/** Pages-router request, as far as auth() needs it. */
interface NodeRequestLike {
  headers: NodeHeaders
  url?: string
}

function isNodeResponse(value: unknown): value is NodeResponseLike {
  return typeof value === "object" && value !== null && typeof (value as NodeResponseLike).setHeader === "function"
}

export interface AuthFunction {
  /** Server components, route handlers, server actions: the current session. */
  (): Promise<Session | null>
  /** Wraps middleware or a route handler; the session is on `req.auth`. */
  <Ctx>(handler: WrappedHandler<Ctx>): (request: NextRequest, context: Ctx) => Promise<Response>
  /** Used directly as middleware: `export { auth as middleware }`. */
  (request: NextRequest, event?: NextFetchEvent): Promise<Response>
  /** Pages router API routes: `auth(req, res)`. */
  (req: NodeRequestLike, res: NodeResponseLike): Promise<Session | null>
  /** getServerSideProps: `auth(context)`. */
  (context: { req: NodeRequestLike; res: NodeResponseLike }): Promise<Session | null>
}

/**
 * The Next.js App Router layer: route handlers, auth() in its overloads, and
 * the server-side signIn/signOut/update. `config` may be a function of the
 * request (evaluated per request) for per-request configuration.
 */
export default function NextAuth(input: NextAuthConfigInput) {
  const getConfig = configGetter(input, process.env)

  async function handler(request: NextRequest): Promise<Response> {
    const prepared = getConfig.now ?? (await getConfig(request))
    return Auth(withOrigin(request, prepared.origin(request.headers, request.url)), prepared.handler)
  }

  async function sessionFromHeaders(): Promise<Session | null> {
    const headers = await nextHeaders()
    const cookie = await currentCookieHeader()
    // The middleware's read of this very request, when it handed one over (./session-handover):
    // no second decode or database query. Its cookies are already on the middleware's response.
    const handed = sessionHandover().take(headers.get(HANDOVER_HEADER), cookie)
    if (handed) {
      if (handed.unavailable) throw handed.unavailable
      return handed.session
    }
    const prepared = getConfig.now ?? (await getConfig())
    const source = { get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : headers.get(name)) }
    const { session, cookies, unavailable } = await readSession(prepared, source)
    // Thrown, not null: an outage must not look like "signed out" (the app shows "temporarily unavailable").
    if (unavailable) throw unavailable
    // Slides the expiry where Next allows setting cookies (actions, route handlers).
    await setCookies(cookies).catch(() => false)
    return session
  }

  const auth = ((...args: unknown[]) => {
    if (args.length === 0) return sessionFromHeaders()
    const [first, second] = args
    if (typeof first === "function") {
      const wrapped = first as WrappedHandler<unknown>
      return async (request: NextRequest, context: unknown) =>
        handleAuth(getConfig.now ?? (await getConfig(request)), request, context, wrapped)
    }
    if (first instanceof Request) {
      const request = first as NextRequest
      if (getConfig.now) return handleAuth(getConfig.now, request, second, undefined)
      return getConfig(request).then((prepared) => handleAuth(prepared, request, second, undefined))
    }
    const pages = isNodeResponse(second)
      ? { req: first as NodeRequestLike, res: second }
      : (first as { req: NodeRequestLike; res: NodeResponseLike })
    return (async () => {
      const prepared = await getConfig()
      const headers = headersFromNode(pages.req.headers)
      const { session, cookies, unavailable } = await readSession(prepared, headers)
      if (unavailable) throw unavailable
      appendSetCookies(pages.res, cookies)
      return session
    })()
  }) as AuthFunction

  return {
    handlers: { GET: handler, POST: handler },
    auth,
    signIn: async (...args: Parameters<typeof serverActions.signIn> extends [unknown, ...infer R] ? R : never) =>
      serverActions.signIn(await getConfig(), ...args),
    signOut: async (options?: { redirectTo?: string; redirect?: boolean }) =>
      serverActions.signOut(await getConfig(), options),
    unstable_update: async (data: Partial<Session> | Record<string, unknown>) =>
      serverActions.update(await getConfig(), data),
    /** The library's rate limiter, for the app's own actions (sign-up, password reset, …). */
    rateLimit: appRateLimit(() => getConfig()),
    /** The signed-in user's own sessions (database strategy): list, revoke one, revoke all others. */
    sessions: appSessions(() => getConfig()),
    /** The security log: record an entry for the current request (never throws), list a user's entries. */
    securityLog: appSecurityLog(() => getConfig()),
    /**
     * The step-up guard for sensitive server actions: the session when its proof of identity is
     * younger than reauthenticateAfter, else a redirect to {basePath}/reauthenticate (signed out: sign-in).
     */
    requireRecentAuthentication: recentAuthenticationGuard(() => getConfig()),
    /**
     * Roles and permissions: hasPermission(session, request) by this configuration's access
     * control; requirePermission(request) for server components (notFound()) and route handlers
     * ({ route: true }: a 403 Response); admin(options) the admin operations with the current user as actor.
     */
    ...permissionChecks(() => getConfig(), () => getConfig.now),
    /**
     * Organizations: the organization operations with the current user as the actor;
     * changes are refused while impersonating. Needs `organizations.enabled` and an adapter with them.
     */
    organizations: appOrganizations(() => getConfig()),
  }
}

export type { NextAuthRequest as AuthenticatedRequest }
