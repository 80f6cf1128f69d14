/**
 * The middleware and route-handler wrapper: reads the session, runs
 * `authorized`, and redirects to sign-in or hands over to the wrapped handler.
 * It never blocks the auth routes or the pages a signed-out user must reach.
 */
import { NextResponse, type NextRequest } from "next/server"
import { resolveAuthConfig } from "../auth"
import type { DatabaseUnavailable } from "../errors"
import { type Awaitable, isPromiseLike, type Session } from "../types"
import type { PreparedConfig } from "./config"
import { appendCookies } from "./cookies"
import { cookiesFor } from "./prefetch"
import { unavailableResponse } from "../actions/unavailable"
import { toResponse } from "../http/response"
import { refuseUnparsableFormPost } from "./form-post"
import { organizationSlugOf, readSession } from "./session"
import { HANDOVER_HEADER, handsOver, sessionHandover, stampedHandoverId } from "./session-handover"

/** A request as a wrapped handler sees it: the session on `req.auth`. */
export type NextAuthRequest = NextRequest & { auth: Session | null }

export type AppRouteContext = { params: Promise<Record<string, string | string[] | undefined>> }

export type WrappedHandler<Ctx = unknown> = (request: NextAuthRequest, context: Ctx) => Awaitable<Response | void | undefined>

function isAuthRoute(prepared: PreparedConfig, request: NextRequest): boolean {
  const path = request.nextUrl.pathname
  return path === prepared.basePath || path.startsWith(`${prepared.basePath}/`)
}

/**
 * Where the app is reached from outside. Behind a proxy Next builds the
 * middleware request URL from the server's own address (e.g.
 * http://localhost:3000), so URLs shown to the browser are built on the origin
 * the route handlers use instead (AUTH_URL, or the trusted forwarded headers).
 * Without AUTH_URL or trustHost no header may choose it: the request URL stays.
 */
function publicOrigin(prepared: PreparedConfig, request: NextRequest): string {
  if (!prepared.authUrl && !prepared.trustHost) return request.nextUrl.origin
  return prepared.origin(request.headers, request.url)
}

/**
 * Paths the guard never blocks: the auth routes, and the custom pages a user
 * without a session must reach — sign-in, the error page (failed sign-ins and
 * configuration errors land there; guarding it loops back to sign-in) and the
 * verify-request page. A page URL on another origin exempts nothing here.
 */
function isAlwaysAllowed(prepared: PreparedConfig, request: NextRequest, origin: string): boolean {
  if (isAuthRoute(prepared, request)) return true
  // "/login/" and "/login" are one page: Next redirects one to the other (trailingSlash), so a
  // mismatch here would bounce between the guard and that redirect forever.
  const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path)
  const path = withoutSlash(request.nextUrl.pathname)
  const { signIn, error, verifyRequest } = prepared.config.pages ?? {}
  return [signIn, error, verifyRequest].some((page) => {
    if (!page) return false
    try {
      const url = new URL(page, origin)
      return url.origin === origin && withoutSlash(url.pathname) === path
    } catch {
      return false // an unparsable page URL exempts nothing
    }
  })
}

function signInRedirect(prepared: PreparedConfig, request: NextRequest, origin: string): Response {
  const signInPage = prepared.config.pages?.signIn ?? `${prepared.basePath}/signin`
  const target = new URL(signInPage, origin)
  // The requested page on the public origin, so the sign-in flow accepts it as same-origin.
  const requested = new URL(request.nextUrl.href)
  target.searchParams.set("callbackUrl", new URL(`${requested.pathname}${requested.search}`, origin).href)
  return NextResponse.redirect(target)
}

function outageResponse(prepared: PreparedConfig, request: NextRequest, origin: string, error: DatabaseUnavailable): Response {
  const accept = request.headers.get("accept") ?? ""
  const wantsPage = request.method === "GET" && accept.includes("text/html")
  const theme = resolveAuthConfig(prepared.handler).theme
  return toResponse(unavailableResponse(error, { authUrl: `${origin}${prepared.basePath}`, homeUrl: origin, theme, wantsPage }), false)
}

/**
 * Whether the guard runs as middleware: called without a handler, or with the
 * middleware's event (a route handler's second argument is `{ params }`).
 */
function runsAsMiddleware(handler: unknown, context: unknown): boolean {
  if (!handler) return true
  return typeof context === "object" && context !== null && typeof (context as { waitUntil?: unknown }).waitUntil === "function"
}

/** Goes on to the route; with the request headers where the middleware changed them, so its handover id reaches it. */
function passThrough(request: NextRequest, forwardHeaders: boolean): Response {
  return forwardHeaders ? NextResponse.next({ request: { headers: request.headers } }) : NextResponse.next()
}

/**
 * Middleware and route-handler wrapper. Reads the session, runs `authorized`,
 * then: a Response from the callback is used as-is; a falsy result redirects
 * to sign-in (the wrapped handler does not run — Auth.js runs it anyway);
 * otherwise the wrapped handler runs, or the request passes through.
 * A refreshed session cookie is appended to whatever response goes out.
 *
 * As middleware it hands its read to the rest of a GET or HEAD request (see
 * ./session-handover): the page and a wrapped route handler take it instead
 * of reading the session again. The middleware already set any cookie the
 * read asked for, so a taken read sets none.
 */
export async function handleAuth<Ctx>(
  prepared: PreparedConfig,
  request: NextRequest,
  context: Ctx,
  handler: WrappedHandler<Ctx> | undefined,
): Promise<Response> {
  // The auth routes read (and refresh) the session themselves: reading it here too would double
  // the work of every /session call, and they are never guarded anyway.
  if (!handler && isAuthRoute(prepared, request)) return NextResponse.next()
  // Only a POST can carry a form body (and a GET spares the promise).
  if (request.method === "POST" && !isAuthRoute(prepared, request)) {
    const refused = await refuseUnparsableFormPost(request)
    if (refused) return refused
  }
  const middleware = runsAsMiddleware(handler, context)
  // The cookies as one string is the handover's key; a route handler without a handover id
  // (a request that did not pass the middleware) never needs it.
  const cookieKey = () => request.cookies.toString()
  const handover = sessionHandover()
  const handoverId = middleware ? null : request.headers.get(HANDOVER_HEADER)
  const handed = handoverId ? handover.take(handoverId, cookieKey()) : undefined
  // An organization page's GET (organizationPage): the read includes the membership its page needs.
  const slug = middleware && handsOver(request.method) ? organizationSlugOf(prepared, request.nextUrl.pathname) : undefined
  const read = handed ?? (await readSession(prepared, request.headers, request.url, slug))
  // Where the server stamped the request with an id, the read is kept under it and the request goes
  // on unchanged; otherwise whatever a client sent under this name is replaced (or removed where
  // nothing is handed over) and the headers are forwarded.
  const stamped = middleware ? stampedHandoverId(request.headers) : null
  const forwardHeaders = middleware && !stamped
  if (stamped) {
    if (handsOver(request.method)) handover.putUnder(stamped, read, cookieKey())
  } else if (middleware) {
    if (handsOver(request.method)) request.headers.set(HANDOVER_HEADER, handover.put(read, cookieKey()))
    else request.headers.delete(HANDOVER_HEADER)
  }
  const { session, cookies, unavailable } = read
  const authRequest = request as NextAuthRequest
  authRequest.auth = session

  const authorized = prepared.config.callbacks?.authorized
  let response: Response | void | undefined
  if (authorized) {
    const origin = publicOrigin(prepared, request)
    if (!isAlwaysAllowed(prepared, request, origin)) {
      const answer = authorized({ auth: session, request })
      const verdict = isPromiseLike(answer) ? await answer : answer
      // During a database outage a refusal means "could not tell", not "signed out": a 503
      // instead of a sign-in redirect that could not work and would only loop.
      if (unavailable && verdict !== true) response = outageResponse(prepared, request, origin, unavailable)
      else if (verdict instanceof Response) response = verdict
      else if (!verdict) response = signInRedirect(prepared, request, origin)
    }
  }
  if (!response && handler) {
    const handled = handler(authRequest, context)
    response = isPromiseLike(handled) ? await handled : handled
  }
  if (!response) response = passThrough(request, forwardHeaders)
  return handed ? response : appendCookies(response, cookiesFor(request, cookies))
}
