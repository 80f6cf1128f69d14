// The guard: runs the `authorized` callback of auth.ts on every matched
// request. It runs on the Node.js runtime so that it can read database
// sessions (see docs/decisions.md, "middleware.ts vs proxy.ts").
export { auth as middleware } from "@/auth"

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
