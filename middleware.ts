// The guard: runs the `authorized` callback of auth.ts on every matched
// request. It runs on the Node.js runtime so that it can read database
// sessions (see docs/decisions/runtime-and-startup.md, "middleware.ts vs proxy.ts"). The app's
// auth pages also get a per-request CSP nonce (server/auth-page-headers.ts).
// Its session read is handed to the page or route of the same GET request
// (lib/auth/next/session-handover.ts), which then reads nothing again.
import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server"
import { auth } from "@/auth"
import { AUTH_PAGE_HEADERS, authPageContentSecurityPolicy, createNonce, isAuthPage } from "@/server/auth-page-headers"

/**
 * Next.js takes the nonce from the CSP header of the request it renders, so
 * the policy goes on the forwarded request as well as on the response.
 */
function withAuthPageHeaders(request: NextRequest): NextResponse {
  const policy = authPageContentSecurityPolicy(createNonce(), process.env.NODE_ENV !== "production")
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set("content-security-policy", policy)
  const response = NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set("Content-Security-Policy", policy)
  for (const [name, value] of Object.entries(AUTH_PAGE_HEADERS)) response.headers.set(name, value)
  return response
}

const guardAuthPage = auth((request) => withAuthPageHeaders(request))

export function middleware(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  return isAuthPage(request.nextUrl.pathname) ? guardAuthPage(request, event) : auth(request, event)
}

export const config = {
  runtime: "nodejs",
  // The app's pages and its own routes; not the auth routes (the library's route handler reads the
  // session itself, and the guard never blocks them), the benchmark's bare route (bench:http's
  // ceiling: a plain `{}`, see app/api/bench/bare), Next's build output, the image optimizer, the
  // favicon or static files from public/. Static files are recognised by an explicit extension list
  // rather than "any dot": a catch-all would also skip routes such as /verify/jane@example.com.
  // "api/auth" is the route handler's folder (app/api/auth/[...nextauth]); were the base path
  // another, the guard would still let its routes through, only at the cost of a middleware run.
  // Self-guarding routes are named one by one ("api/me"): their handler is wrapped in `auth()`,
  // which runs the same `authorized` callback, so a middleware pass would only do it twice. Any
  // other route, a new one included, stays under the middleware (tests/unit/app/middleware-matcher).
  matcher: [
    "/((?!api/auth(?:/|$)|api/me$|api/bench/bare$|_next/static|_next/image|favicon\\.(?:ico|svg)$|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|txt|xml|webmanifest|woff2?)$).*)",
  ],
}
