import { NextResponse } from "next/server"

// Pass-through for now; the auth wiring replaces the body. It already runs on
// the Node.js runtime so that it can later read database sessions through
// Prisma (see docs/decisions.md, "middleware.ts vs proxy.ts").
export function middleware(): NextResponse {
  return NextResponse.next()
}

export const config = {
  runtime: "nodejs",
  // Everything except Next's build assets, image optimizer, the favicon and
  // files served from public/ (anything whose last segment has an extension).
  matcher: ["/((?!_next/static|_next/image|favicon\\.ico|favicon\\.svg|.*\\.[^/]+$).*)"],
}
