import { NextResponse, type NextRequest } from "next/server"
import type { Awaitable, Session } from "../types"
import type { PreparedConfig } from "./config"
import { appendCookies } from "./cookies"
import { readSession } from "./session"

/** A request as a wrapped handler sees it: the session on `req.auth`. */
export type NextAuthRequest = NextRequest & { auth: Session | null }

export type AppRouteContext = { params: Promise<Record<string, string | string[] | undefined>> }

export type WrappedHandler<Ctx = unknown> = (request: NextAuthRequest, context: Ctx) => Awaitable<Response | void | undefined>

function isAuthRoute(prepared: PreparedConfig, request: NextRequest): boolean {
  const path = request.nextUrl.pathname
  return path === prepared.basePath || path.startsWith(`${prepared.basePath}/`)
}

/** Paths the guard never blocks: the auth routes themselves and the sign-in page (no redirect loops). */
function isAlwaysAllowed(prepared: PreparedConfig, request: NextRequest): boolean {
  const path = request.nextUrl.pathname
  if (isAuthRoute(prepared, request)) return true
  const signInPage = prepared.config.pages?.signIn
  if (signInPage) {
    try {
      const signInPath = new URL(signInPage, request.nextUrl.origin).pathname
      if (path === signInPath) return true
    } catch {
      // an unparsable pages.signIn guards nothing extra
    }
  }
  return false
}

function signInRedirect(prepared: PreparedConfig, request: NextRequest): Response {
  const signInPage = prepared.config.pages?.signIn ?? `${prepared.basePath}/signin`
  const target = new URL(signInPage, request.nextUrl.origin)
  target.searchParams.set("callbackUrl", request.nextUrl.href)
  return NextResponse.redirect(target)
}

/**
 * Middleware and route-handler wrapper. Reads the session, runs `authorized`,
 * then: a Response from the callback is used as-is; a falsy result redirects
 * to sign-in (the wrapped handler does not run — Auth.js runs it anyway);
 * otherwise the wrapped handler runs, or the request passes through.
 * A refreshed session cookie is appended to whatever response goes out.
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
  const { session, cookies } = await readSession(prepared, request.headers, request.url)
  const authRequest = request as NextAuthRequest
  authRequest.auth = session

  const authorized = prepared.config.callbacks?.authorized
  let response: Response | void | undefined
  if (!isAlwaysAllowed(prepared, request) && authorized) {
    const verdict = await authorized({ auth: session, request })
    if (verdict instanceof Response) response = verdict
    else if (!verdict) response = signInRedirect(prepared, request)
  }
  if (!response) response = handler ? await handler(authRequest, context) : NextResponse.next()
  response ??= NextResponse.next()
  return appendCookies(response, cookies)
}
