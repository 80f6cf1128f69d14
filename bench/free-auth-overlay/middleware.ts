// The reference app's guard on the free "library" (see auth.ts): a signed-out visitor of the
// dashboard goes to sign-in, everyone else passes. The Node.js runtime and matcher of next-auth's.
import { type NextRequest, NextResponse } from "next/server"
import { FREE_AUTH_COOKIE } from "./auth"

export function middleware(request: NextRequest): NextResponse {
  if (request.nextUrl.pathname.startsWith("/dashboard") && !request.cookies.has(FREE_AUTH_COOKIE)) {
    return NextResponse.redirect(new URL("/api/auth/signin", request.url))
  }
  return NextResponse.next()
}

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],
}
