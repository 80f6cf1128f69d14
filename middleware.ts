import { NextResponse } from "next/server"

// Pass-through for now; the auth wiring replaces the body. It already runs on
// the Node.js runtime so that it can later read database sessions through
// Prisma (see docs/decisions.md, "middleware.ts vs proxy.ts").
export function middleware(): NextResponse {
  return NextResponse.next()
}

export const config = {
  runtime: "nodejs",
  // Everything except Next's build output, the image optimizer, the favicon
  // and static files from public/. Static files are recognised by an explicit
  // extension list rather than "any dot": a catch-all would also skip routes
  // such as /verify/jane@example.com.
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.(?:ico|svg)$|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|txt|xml|webmanifest|woff2?)$).*)",
  ],
}
