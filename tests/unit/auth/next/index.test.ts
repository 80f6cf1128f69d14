import { NextRequest } from "next/server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import NextAuth, { type NextAuthConfig } from "@/lib/auth/next"
import { CredentialsSignin } from "@/lib/auth/errors"
import Credentials from "@/lib/auth/providers/credentials"
import { encode } from "@/lib/auth/jwt"

const secret = "unit-test-secret-that-is-long-enough-0123456789"
const previousEnv = { AUTH_URL: process.env.AUTH_URL, AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST }

beforeAll(() => {
  delete process.env.AUTH_URL
  process.env.AUTH_TRUST_HOST = "true"
})
afterAll(() => {
  for (const [k, v] of Object.entries(previousEnv)) if (v === undefined) delete process.env[k]
  else process.env[k] = v
})

class CodedError extends CredentialsSignin {
  override code = "locked"
}

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret,
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: async (c) => {
          if (c.password === "locked") throw new CodedError()
          return c.password === "right" ? { id: "user-1", name: "Ada", email: String(c.email) } : null
        },
      }),
    ],
    callbacks: {
      authorized({ auth, request }) {
        if (request.nextUrl.pathname.startsWith("/api/") && !auth) {
          return Response.json({ error: "Unauthorized" }, { status: 401 })
        }
        if (request.nextUrl.pathname.startsWith("/dashboard")) return Boolean(auth)
        return true
      },
    },
    ...overrides,
  }
}

async function sessionCookie(maxAge = 3600) {
  const token = await encode({
    token: { name: "Ada", email: "ada@example.com", sub: "user-1" },
    secret,
    salt: "authjs.session-token",
    maxAge,
  })
  return `authjs.session-token=${token}`
}

describe("handlers", () => {
  it("serves the core under /api/auth by default", async () => {
    const { handlers } = NextAuth(config())
    const res = await handlers.GET(new NextRequest("http://localhost:3000/api/auth/providers"))
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, { signinUrl: string }>
    expect(body.credentials.signinUrl).toBe("http://localhost:3000/api/auth/signin/credentials")
  })

  it("rewrites the origin from trusted forwarded headers", async () => {
    const { handlers } = NextAuth(config())
    const res = await handlers.GET(
      new NextRequest("http://internal:3000/api/auth/providers", {
        headers: { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" },
      }),
    )
    const body = (await res.json()) as Record<string, { callbackUrl: string }>
    expect(body.credentials.callbackUrl).toBe("https://app.example.com/api/auth/callback/credentials")
  })

  it("a full credentials sign-in through the route handlers sets the session cookie", async () => {
    const { handlers } = NextAuth(config())
    const csrf = await handlers.GET(new NextRequest("http://localhost:3000/api/auth/csrf"))
    const csrfCookie = csrf.headers.getSetCookie()[0].split(";")[0]
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const res = await handlers.POST(
      new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
        method: "POST",
        headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, email: "ada@example.com", password: "right", callbackUrl: "/dashboard" }),
      }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe("http://localhost:3000/dashboard")
    const session = res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))
    expect(session).toMatch(/HttpOnly/)
    expect(session).toMatch(/SameSite=Lax/)
  })

  it("evaluates a lazy config per request", async () => {
    let calls = 0
    const { handlers } = NextAuth(() => {
      calls++
      return config()
    })
    await handlers.GET(new NextRequest("http://localhost:3000/api/auth/providers"))
    await handlers.GET(new NextRequest("http://localhost:3000/api/auth/providers"))
    expect(calls).toBe(2)
  })
})

describe("auth(request) as middleware", () => {
  it("redirects a guarded page to sign-in with callbackUrl", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/dashboard?tab=2"))
    expect(res.status).toBe(307)
    const location = new URL(res.headers.get("location")!)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("http://localhost:3000/dashboard?tab=2")
  })

  it("lets a signed-in user through", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie: await sessionCookie() } }))
    expect(res.headers.get("x-middleware-next")).toBe("1")
  })

  it("uses a Response returned by authorized (401 JSON for /api)", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/api/me"))
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: "Unauthorized" })
  })

  it("never guards the auth routes or the sign-in page, whatever authorized says", async () => {
    const { auth } = NextAuth(config({ callbacks: { authorized: () => false } }))
    for (const path of ["/api/auth/signin", "/api/auth/session", "/api/auth/callback/credentials"]) {
      const res = await auth(new NextRequest(`http://localhost:3000${path}`))
      expect(res.headers.get("x-middleware-next"), path).toBe("1")
    }
    const custom = NextAuth(config({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } }))
    const res = await custom.auth(new NextRequest("http://localhost:3000/login"))
    expect(res.headers.get("x-middleware-next")).toBe("1")
  })

  it("fails closed: a broken configuration reads as no session", async () => {
    const { auth } = NextAuth(config({ secret: undefined, session: { strategy: "database" } }))
    const res = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie: await sessionCookie() } }))
    expect(res.status).toBe(307)
  })

  it("re-issues an old jwt cookie on the way through (sliding expiry)", async () => {
    const { auth } = NextAuth(config({ session: { updateAge: 0 } }))
    const res = await auth(new NextRequest("http://localhost:3000/", { headers: { cookie: await sessionCookie() } }))
    expect(res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true)
  })
})

describe("auth(handler) wrapper", () => {
  it("puts the session on req.auth", async () => {
    const { auth } = NextAuth(config({ callbacks: {} }))
    const route = auth((req) => Response.json({ user: req.auth?.user ?? null }))
    const signedIn = await route(new NextRequest("http://localhost:3000/api/x", { headers: { cookie: await sessionCookie() } }), {})
    // The library puts the user's roles on every session.
    expect(await signedIn.json()).toEqual({ user: { name: "Ada", email: "ada@example.com", image: null, roles: ["user"] } })
    const anonymous = await route(new NextRequest("http://localhost:3000/api/x"), {})
    expect(await anonymous.json()).toEqual({ user: null })
  })

  it("does not run the wrapped handler when authorized refuses", async () => {
    let ran = false
    const { auth } = NextAuth(config())
    const route = auth(() => {
      ran = true
      return new Response("secret")
    })
    const res = await route(new NextRequest("http://localhost:3000/dashboard"), {})
    expect(res.status).toBe(307)
    expect(ran).toBe(false)
  })
})

describe("pages router overloads", () => {
  function nodeRes() {
    const headers: Record<string, string | string[]> = {}
    return {
      headers,
      getHeader: (n: string) => headers[n.toLowerCase()],
      setHeader: (n: string, v: string | string[]) => void (headers[n.toLowerCase()] = v),
    }
  }

  it("auth(req, res) returns the session", async () => {
    const { auth } = NextAuth(config())
    const res = nodeRes()
    const session = await auth({ headers: { host: "localhost:3000", cookie: await sessionCookie() } }, res)
    expect(session?.user?.email).toBe("ada@example.com")
  })

  it("auth(context) returns null without a cookie, and appends refreshed cookies to res", async () => {
    const { auth } = NextAuth(config({ session: { updateAge: 0 } }))
    const res = nodeRes()
    expect(await auth({ req: { headers: { host: "localhost:3000" } }, res })).toBeNull()
    const session = await auth({ req: { headers: { host: "localhost:3000", cookie: await sessionCookie() } }, res })
    expect(session?.user?.name).toBe("Ada")
    expect(String(res.headers["set-cookie"])).toMatch(/^authjs\.session-token=/)
  })
})
