/**
 * The middleware guard (lib/auth/next/guard.ts).
 *
 * 1. Behind a proxy, Next builds the middleware request URL from the server's
 *    own address (http://localhost:3000), not the public one. The guard built
 *    its callbackUrl from that URL, so after signing in the user landed on the
 *    home page instead of the page they asked for: the core (rightly) refuses
 *    a callback URL on another origin.
 * 2. The custom error page must stay reachable without a session: guarding it
 *    made a configuration error an endless redirect loop (guarded page →
 *    sign-in → error page → sign-in → …).
 */
import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { DatabaseUnavailable } from "@/lib/auth/errors"
import NextAuth, { type NextAuthConfig } from "@/lib/auth/next"
import Credentials from "@/lib/auth/providers/credentials"
import { envFor } from "@/tests/helpers/env"

const secret = "next-guard-secret-0123456789abcdef012345"
const env = envFor(["AUTH_URL", "AUTH_TRUST_HOST", "AUTH_SECRET"])

beforeEach(() => {
  env.set({ AUTH_URL: undefined, AUTH_SECRET: undefined, AUTH_TRUST_HOST: "true" })
})
afterEach(() => env.restore())

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret,
    providers: [Credentials({ credentials: { email: {} }, authorize: async () => null })],
    callbacks: { authorized: ({ auth }) => Boolean(auth) },
    ...overrides,
  }
}

const proxied = { host: "localhost:3000", "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" }

describe("the guard's sign-in redirect behind a proxy", () => {
  it("points at the public origin, with a callbackUrl the sign-in page keeps", async () => {
    const { auth, handlers } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/dashboard?tab=2", { headers: proxied }))
    expect(res.status).toBe(307)
    const location = new URL(res.headers.get("location")!)
    expect(location.origin + location.pathname).toBe("https://app.example.com/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("https://app.example.com/dashboard?tab=2")

    // The sign-in page (same proxy headers) accepts it: the user comes back to /dashboard?tab=2.
    const page = await handlers.GET(new NextRequest(location.href, { headers: proxied }))
    const html = await page.text()
    expect(html).toContain('name="callbackUrl" value="https://app.example.com/dashboard?tab=2"')
  })

  it("uses AUTH_URL when it is set", async () => {
    process.env.AUTH_URL = "https://www.example.org"
    const { auth } = NextAuth(config({ pages: { signIn: "/login" } }))
    const res = await auth(new NextRequest("http://127.0.0.1:3000/settings", { headers: { host: "127.0.0.1:3000" } }))
    const location = new URL(res.headers.get("location")!)
    expect(location.origin + location.pathname).toBe("https://www.example.org/login")
    expect(location.searchParams.get("callbackUrl")).toBe("https://www.example.org/settings")
  })

  it("with an untrusted host, neither Host nor X-Forwarded-Host picks the redirect's origin", async () => {
    process.env.AUTH_TRUST_HOST = "false"
    const { auth } = NextAuth(config())
    const res = await auth(
      new NextRequest("http://localhost:3000/dashboard", { headers: { host: "evil.example", "x-forwarded-host": "evil.example" } }),
    )
    const location = new URL(res.headers.get("location")!)
    expect(location.origin).toBe("http://localhost:3000")
    expect(new URL(location.searchParams.get("callbackUrl")!).origin).toBe("http://localhost:3000")
  })

  it("without a proxy nothing changes", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/dashboard"))
    const location = new URL(res.headers.get("location")!)
    expect(location.origin).toBe("http://localhost:3000")
    expect(location.searchParams.get("callbackUrl")).toBe("http://localhost:3000/dashboard")
  })
})

describe("pages the guard never blocks", () => {
  it("pages.error and pages.verifyRequest stay reachable without a session", async () => {
    const { auth } = NextAuth(config({ pages: { error: "/oops", verifyRequest: "/check-email" } }))
    for (const path of ["/oops?error=AccessDenied", "/check-email"]) {
      const res = await auth(new NextRequest(`http://localhost:3000${path}`))
      expect(res.headers.get("x-middleware-next"), path).toBe("1")
    }
    const guarded = await auth(new NextRequest("http://localhost:3000/elsewhere"))
    expect(guarded.status).toBe(307)
  })

  it("a configuration error with a custom error page ends on that page, not in a redirect loop", async () => {
    // No secret: every request is the MissingSecret configuration error.
    const { auth, handlers } = NextAuth(config({ secret: undefined, pages: { error: "/oops" } }))
    let url = "http://localhost:3000/dashboard"
    const visited: string[] = []
    for (let hop = 0; hop < 5; hop++) {
      visited.push(url)
      const request = new NextRequest(url)
      const res = new URL(url).pathname.startsWith("/api/auth/") ? await handlers.GET(request) : await auth(request)
      const location = res.headers.get("location")
      if (!location) break
      url = new URL(location, url).href
    }
    expect(visited.map((u) => new URL(u).pathname)).toEqual(["/dashboard", "/api/auth/signin", "/oops"])
  })

  it("pages.signIn written with a trailing slash still exempts the page (Next strips the slash: no loop)", async () => {
    const { auth } = NextAuth(config({ pages: { signIn: "/login/" } }))
    const res = await auth(new NextRequest("http://localhost:3000/login?callbackUrl=%2Fdashboard"))
    expect(res.headers.get("x-middleware-next")).toBe("1")
  })

  it("an absolute pages.signIn on another origin does not unguard the same path here", async () => {
    const { auth } = NextAuth(config({ pages: { signIn: "https://sso.example.net/reports" } }))
    const res = await auth(new NextRequest("http://localhost:3000/reports"))
    expect(res.status).toBe(307)
    expect(new URL(res.headers.get("location")!).origin).toBe("https://sso.example.net")
  })
})

describe("the guard during a database outage", () => {
  // An adapter whose database is gone: every call fails as a real driver's would, and the adapter
  // says so with DatabaseUnavailable (telling an outage apart is the adapter's job).
  const refused = async () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })
    throw new DatabaseUnavailable("The database is unavailable", { cause })
  }
  const downConfig = () =>
    config({
      session: { strategy: "database" },
      adapter: { getSessionAndUser: refused, getUser: refused, createSession: refused, updateSession: refused, deleteSession: refused },
      logger: { error: () => {}, warn: () => {} },
      callbacks: {
        // The starter's rule: /api/* answers 401 JSON without a session.
        authorized: ({ auth, request }) =>
          request.nextUrl.pathname.startsWith("/api/") && !auth ? Response.json({ error: "Unauthorized" }, { status: 401 }) : Boolean(auth),
      },
    })
  const withCookie = { host: "localhost:3000", cookie: "authjs.session-token=some-session" }

  it("answers a guarded page with a 503 'temporarily unavailable' page, not a sign-in redirect", async () => {
    const { auth } = NextAuth(downConfig())
    const res = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { ...withCookie, accept: "text/html" } }))
    expect(res.status).toBe(503)
    expect(res.headers.get("location")).toBeNull()
    expect(res.headers.get("retry-after")).toBe("5")
    const html = await res.text()
    expect(html).toContain("Temporarily unavailable")
    expect(html).not.toContain("ECONNREFUSED")
  })

  it("answers an API route with 503 JSON instead of the 401 a signed-out caller gets", async () => {
    const { auth } = NextAuth(downConfig())
    const res = await auth(new NextRequest("http://localhost:3000/api/me", { headers: withCookie }))
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ error: "DatabaseUnavailable", code: "database_unavailable" })
  })
})

describe("a prefetch's answer never removes the session cookie", () => {
  // A prefetch sent with the cookie of a session that has just ended (an impersonation stopped, a
  // sign-in replacing it) must not remove the cookie the browser received in the meantime.
  const stale = { cookie: "authjs.session-token=not-a-session-any-more" }

  it("a navigation with a stale cookie is sent to sign-in and the cookie is removed", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/settings", { headers: stale }))
    expect(res.status).toBe(307)
    expect(res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;"))).toBe(true)
  })

  it("a prefetch with the same stale cookie is sent to sign-in too, but removes nothing", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(
      new NextRequest("http://localhost:3000/settings?_rsc=abc", { headers: { ...stale, rsc: "1", "next-router-prefetch": "1" } }),
    )
    expect(res.status).toBe(307)
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("authjs.session-token="))).toEqual([])
  })

  it("as middleware sees it (Next strips its own prefetch header), a script's GET removes nothing either", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/settings", { headers: { ...stale, "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" } }))
    expect(res.status).toBe(307)
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("authjs.session-token="))).toEqual([])
  })

  it("a page the browser loads with the stale cookie still has it removed", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:3000/settings", { headers: { ...stale, "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" } }))
    expect(res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;"))).toBe(true)
  })
})

describe("a script's answer never re-issues the session token", () => {
  // A page left open past updateAge: Next's router prefetches its links with the day-old token just
  // as the person signs out. Had the prefetch's answer re-issued the token and arrived after the
  // sign-out's, the browser would have kept the new token: signed in again, with no way to tell.
  const ORIGIN = "http://localhost:3000"
  const DAY = 24 * 3600 * 1000
  const PAGE = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" }
  const ROUTER = { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin", rsc: "1" }

  /** A browser's cookie jar: answers applied in the order they arrive. */
  class Jar {
    readonly cookies = new Map<string, string>()
    apply(response: Response): void {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";")
        const at = pair!.indexOf("=")
        const removed = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute))
        if (removed) this.cookies.delete(pair!.slice(0, at))
        else this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
      }
    }
    header(): string {
      return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
    }
  }

  const signedInConfig = () =>
    config({ providers: [Credentials({ credentials: { email: {} }, authorize: async (c) => ({ id: "u-1", email: String(c.email) }) })] })

  async function signedIn(handlers: ReturnType<typeof NextAuth>["handlers"]): Promise<Jar> {
    const jar = new Jar()
    const csrf = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: PAGE }))
    jar.apply(csrf)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const answer = await handlers.POST(
      new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { ...PAGE, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, email: "jane@example.com" }),
      }),
    )
    jar.apply(answer)
    expect(jar.cookies.has("authjs.session-token")).toBe(true)
    return jar
  }

  afterEach(() => vi.useRealTimers())

  it("a sign-out stays a sign-out when a prefetch with the old token answers after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { auth, handlers } = NextAuth(signedInConfig())
    const jar = await signedIn(handlers)
    vi.setSystemTime(Date.now() + 2 * DAY)

    // The prefetch leaves with the day-old token; the sign-out is answered first.
    const prefetch = await auth(new NextRequest(`${ORIGIN}/settings?_rsc=1`, { headers: { ...ROUTER, cookie: jar.header() } }))
    expect(prefetch.headers.get("x-middleware-next")).toBe("1")
    const { csrfToken } = (await (await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: { ...PAGE, cookie: jar.header() } }))).json()) as {
      csrfToken: string
    }
    const signOut = await handlers.POST(
      new NextRequest(`${ORIGIN}/api/auth/signout`, {
        method: "POST",
        headers: { ...PAGE, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      }),
    )
    jar.apply(signOut)
    expect(jar.cookies.has("authjs.session-token")).toBe(false)
    jar.apply(prefetch)

    expect(jar.cookies.has("authjs.session-token")).toBe(false)
    const next = await auth(new NextRequest(`${ORIGIN}/settings`, { headers: { ...PAGE, cookie: jar.header() } }))
    expect(next.status).toBe(307)
    expect(new URL(next.headers.get("location")!).pathname).toBe("/api/auth/signin")
  })

  it("the router's fetch reads the day-old session without a new token; the next page load renews it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { auth, handlers } = NextAuth(signedInConfig())
    const jar = await signedIn(handlers)
    const first = jar.cookies.get("authjs.session-token")
    vi.setSystemTime(Date.now() + 2 * DAY)

    const fetched = await auth(new NextRequest(`${ORIGIN}/settings?_rsc=1`, { headers: { ...ROUTER, cookie: jar.header() } }))
    expect(fetched.headers.get("x-middleware-next")).toBe("1")
    expect(fetched.headers.getSetCookie()).toEqual([])

    const loaded = await auth(new NextRequest(`${ORIGIN}/settings`, { headers: { ...PAGE, cookie: jar.header() } }))
    expect(loaded.headers.get("x-middleware-next")).toBe("1")
    jar.apply(loaded)
    expect(jar.cookies.get("authjs.session-token")).toBeTruthy()
    expect(jar.cookies.get("authjs.session-token")).not.toBe(first)
  })

  it("the session endpoint, which a script asks on purpose, still renews the day-old token", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { handlers } = NextAuth(signedInConfig())
    const jar = await signedIn(handlers)
    const first = jar.cookies.get("authjs.session-token")
    vi.setSystemTime(Date.now() + 2 * DAY)

    const answer = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { ...ROUTER, cookie: jar.header() } }))
    expect(((await answer.json()) as { user?: { email?: string } }).user?.email).toBe("jane@example.com")
    jar.apply(answer)
    expect(jar.cookies.get("authjs.session-token")).not.toBe(first)
  })
})
