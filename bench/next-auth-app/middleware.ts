// next-auth's documented middleware: `authorized` decides. The Node.js runtime, as in the starter,
// so that the database strategy can read its sessions here.
export { auth as middleware } from "./auth"

export const config = {
  runtime: "nodejs",
  // next-auth's documented matcher: everything but /api, Next's build output and the favicon.
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],
}
