/**
 * A trusted proxy (AUTH_TRUST_HOST=true) that forwards a malformed
 * X-Forwarded-Host must not break the app: the value is ignored, as an absent
 * header would be, and the request is served from the Host header.
 */
import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { encode } from "@/lib/auth/jwt"
import NextAuth, { type NextAuthConfig } from "@/lib/auth/next"
import Credentials from "@/lib/auth/providers/credentials"
import { envFor } from "@/tests/helpers/env"

const secret = "forwarded-host-secret-0123456789abcdef0123"
const env = envFor(["AUTH_URL", "AUTH_TRUST_HOST", "AUTH_SECRET"])

beforeEach(() => {
  env.set({ AUTH_URL: undefined, AUTH_SECRET: undefined, AUTH_TRUST_HOST: "true" })
})
afterEach(() => env.restore())

const malformedHosts: Array<[string, string]> = [
  ["a port out of range", "x:99999"],
  ["an empty port", "app.example.com:"],
  ["IPv6 without brackets", "::1"],
  ["userinfo", "user:pass@app.example.com"],
  ["spaces", "app example.com"],
  ["a path", "app.example.com/evil"],
  ["300 characters", `${"a".repeat(296)}.com`],
  ["a 64-character label", `${"a".repeat(64)}.example.com`],
]

function app() {
  const config: NextAuthConfig = {
    secret,
    providers: [Credentials({ credentials: { email: {} }, authorize: async () => null })],
    // As the app's: only /dashboard needs a session; /api/me answers 401 itself.
    callbacks: { authorized: ({ auth, request }) => !request.nextUrl.pathname.startsWith("/dashboard") || Boolean(auth) },
  }
  const { auth, handlers } = NextAuth(config)
  // The app's /api/me: the session as JSON, or 401.
  const me = auth((request) =>
    request.auth?.user ? Response.json(request.auth) : Response.json({ error: "Unauthorized" }, { status: 401 }),
  )
  return { auth, handlers, me }
}

async function sessionCookie(): Promise<string> {
  const token = await encode({ token: { name: "Ada", email: "ada@example.com" }, secret, salt: "authjs.session-token" })
  return `authjs.session-token=${token}`
}

describe.each(malformedHosts)("X-Forwarded-Host with %s", (_label, forwarded) => {
  const headers = (extra: Record<string, string> = {}) => ({ host: "localhost:3000", "x-forwarded-host": forwarded, ...extra })

  it("GET /api/auth/session answers from the Host header instead of failing", async () => {
    const { handlers } = app()
    const cookie = await sessionCookie()
    const res = await handlers.GET(new NextRequest("http://localhost:3000/api/auth/session", { headers: headers({ cookie }) }))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { name: "Ada", email: "ada@example.com" } })
  })

  it("a guarded page without a session redirects to sign-in on the Host origin", async () => {
    const { auth } = app()
    const res = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: headers() }))
    expect(res.status).toBe(307)
    const location = new URL(res.headers.get("location") ?? "")
    expect(location.origin + location.pathname).toBe("http://localhost:3000/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("http://localhost:3000/dashboard")
  })

  it("a guarded page with a session is served", async () => {
    const { auth } = app()
    const cookie = await sessionCookie()
    const res = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: headers({ cookie }) }))
    expect(res.status).toBe(200)
    expect(res.headers.get("location")).toBeNull()
  })

  it("/api/me answers 401 without a session and the user with one", async () => {
    const { me } = app()
    const context = { params: Promise.resolve({}) }
    const anonymous = await me(new NextRequest("http://localhost:3000/api/me", { headers: headers() }), context)
    expect(anonymous.status).toBe(401)
    const cookie = await sessionCookie()
    const signedIn = await me(new NextRequest("http://localhost:3000/api/me", { headers: headers({ cookie }) }), context)
    expect(signedIn.status).toBe(200)
    expect(await signedIn.json()).toMatchObject({ user: { email: "ada@example.com" } })
  })
})
