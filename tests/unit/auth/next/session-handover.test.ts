/**
 * One session read per request (lib/auth/next/session-handover.ts): the
 * middleware's read is handed to the route of the same GET request under a
 * random id it alone puts in the forwarded request; a client-sent id is
 * never believed.
 */
import { NextRequest } from "next/server"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import NextAuth, { type NextAuthConfig } from "@/lib/auth/next"
import { HANDOVER_HEADER, SessionHandover, sessionHandover } from "@/lib/auth/next/session-handover"
import { markSocketAddressHookInstalled } from "@/lib/auth/next/socket-address"
import Credentials from "@/lib/auth/providers/credentials"
import { encode } from "@/lib/auth/jwt"
import type { SessionRead } from "@/lib/auth/next/session"

const secret = "handover-test-secret-long-enough-0123456789"
const previousEnv = { AUTH_URL: process.env.AUTH_URL, AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST }
beforeAll(() => {
  delete process.env.AUTH_URL
  process.env.AUTH_TRUST_HOST = "true"
})
afterAll(() => {
  for (const [k, v] of Object.entries(previousEnv)) if (v === undefined) delete process.env[k]
  else process.env[k] = v
})

/** How many times the session was read (decoded and shaped): the jwt callback runs once per read. */
let reads = 0
beforeEach(() => {
  reads = 0
})

function setup() {
  const config: NextAuthConfig = {
    secret,
    providers: [Credentials({ credentials: { email: {} }, authorize: async () => null })],
    callbacks: {
      authorized: ({ auth, request }) => (request.nextUrl.pathname.startsWith("/dashboard") ? Boolean(auth) : true),
      jwt: ({ token }) => {
        reads += 1
        return token
      },
    },
  }
  const { auth } = NextAuth(config)
  const route = auth((request) => Response.json({ email: request.auth?.user?.email ?? null }))
  return { auth, route }
}

async function cookieFor(email: string, sub: string): Promise<string> {
  const token = await encode({ token: { email, sub, name: sub }, secret, salt: "authjs.session-token" })
  return `authjs.session-token=${token}`
}

/** The request headers the middleware's pass-through forwards (NextResponse.next({ request: { headers } })). */
function forwarded(response: Response): Headers {
  const names = response.headers.get("x-middleware-override-headers")?.split(",") ?? []
  const headers = new Headers()
  for (const name of names) {
    const value = response.headers.get(`x-middleware-request-${name}`)
    if (value !== null) headers.set(name, value)
  }
  return headers
}

const event = { waitUntil: () => undefined }

describe("the middleware hands its read to the route of the same request", () => {
  it("reads the session once: the route takes the middleware's read", async () => {
    const { auth, route } = setup()
    const cookie = await cookieFor("ada@example.com", "ada")
    const middleware = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie } }))
    expect(middleware.headers.get("x-middleware-next")).toBe("1")
    const id = forwarded(middleware).get(HANDOVER_HEADER)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(reads).toBe(1)

    const response = await route(new NextRequest("http://localhost:3000/dashboard", { headers: forwarded(middleware) }), {})
    expect(await response.json()).toEqual({ email: "ada@example.com" })
    expect(reads).toBe(1)
  })

  it("works for a wrapped handler run as middleware (the app's auth pages)", async () => {
    const { auth } = setup()
    const cookie = await cookieFor("ada@example.com", "ada")
    const middleware = auth((request) => {
      const headers = new Headers(request.headers)
      headers.set("content-security-policy", "script-src 'nonce-x'")
      return Response.json({}, { headers: { "x-middleware-next": "1", "x-seen": headers.get(HANDOVER_HEADER) ?? "" } })
    })
    const response = await middleware(new NextRequest("http://localhost:3000/signup", { headers: { cookie } }), event)
    expect(response.headers.get("x-seen")).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("replaces an id a client sent to the middleware with its own", async () => {
    const { auth } = setup()
    const forged = "00000000-0000-4000-8000-000000000000"
    const middleware = await auth(new NextRequest("http://localhost:3000/", { headers: { [HANDOVER_HEADER]: forged } }))
    const id = forwarded(middleware).get(HANDOVER_HEADER)
    expect(id).not.toBe(forged)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("hands nothing over on a POST, and strips a client's copy of the header", async () => {
    const { auth } = setup()
    const cookie = await cookieFor("ada@example.com", "ada")
    const middleware = await auth(
      new NextRequest("http://localhost:3000/settings", { method: "POST", headers: { cookie, [HANDOVER_HEADER]: "forged" } }),
    )
    expect(forwarded(middleware).has(HANDOVER_HEADER)).toBe(false)
    expect(forwarded(middleware).get("cookie")).toBe(cookie)
  })
})

describe("a client-sent id is never believed", () => {
  it("an id the server never issued: the route reads the session itself", async () => {
    const { route } = setup()
    const cookie = await cookieFor("eve@example.com", "eve")
    const response = await route(
      new NextRequest("http://localhost:3000/api/me", { headers: { cookie, [HANDOVER_HEADER]: crypto.randomUUID() } }),
      {},
    )
    expect(await response.json()).toEqual({ email: "eve@example.com" })
    expect(reads).toBe(1)
  })

  it("a real id with another cookie (or none) gives nothing of the session it was issued for", async () => {
    const { auth, route } = setup()
    const victim = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie: await cookieFor("ada@example.com", "ada") } }))
    const id = forwarded(victim).get(HANDOVER_HEADER)!

    const anonymous = await route(new NextRequest("http://localhost:3000/api/me", { headers: { [HANDOVER_HEADER]: id } }), {})
    expect(await anonymous.json()).toEqual({ email: null })

    const eve = await cookieFor("eve@example.com", "eve")
    const other = await route(new NextRequest("http://localhost:3000/api/me", { headers: { cookie: eve, [HANDOVER_HEADER]: id } }), {})
    expect(await other.json()).toEqual({ email: "eve@example.com" })
  })
})

describe("where the server's request hook stamps each request with an id", () => {
  // The mark the request hook sets once installed (it stamps the ids, see socket-address-hook).
  const hookKey = Symbol.for("auth.next.socket-address-hook")
  beforeEach(() => markSocketAddressHookInstalled())
  afterAll(() => {
    delete (globalThis as Record<symbol, unknown>)[hookKey]
  })

  it("keeps its read under the stamped id and lets the request through with its headers untouched", async () => {
    const { auth, route } = setup()
    const cookie = await cookieFor("ada@example.com", "ada")
    const stamped = crypto.randomUUID()
    const middleware = await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie, [HANDOVER_HEADER]: stamped } }))
    expect(middleware.headers.get("x-middleware-next")).toBe("1")
    // Nothing forwarded: Next.js passes the request on as it came, stamped id included.
    expect(middleware.headers.get("x-middleware-override-headers")).toBeNull()
    expect(reads).toBe(1)

    const response = await route(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie, [HANDOVER_HEADER]: stamped } }), {})
    expect(await response.json()).toEqual({ email: "ada@example.com" })
    expect(reads).toBe(1)
  })

  it("keeps nothing for a POST: the route reads the session itself", async () => {
    const { auth, route } = setup()
    const cookie = await cookieFor("ada@example.com", "ada")
    const stamped = crypto.randomUUID()
    await auth(new NextRequest("http://localhost:3000/settings", { method: "POST", headers: { cookie, [HANDOVER_HEADER]: stamped } }))
    expect(sessionHandover().take(stamped, new NextRequest("http://localhost:3000/", { headers: { cookie } }).cookies.toString())).toBeUndefined()
    const response = await route(new NextRequest("http://localhost:3000/settings", { method: "POST", headers: { cookie, [HANDOVER_HEADER]: stamped } }), {})
    expect(await response.json()).toEqual({ email: "ada@example.com" })
    expect(reads).toBe(2)
  })

  it("a stamped id with another cookie gives nothing of the session kept under it", async () => {
    const { auth, route } = setup()
    const stamped = crypto.randomUUID()
    await auth(new NextRequest("http://localhost:3000/dashboard", { headers: { cookie: await cookieFor("ada@example.com", "ada"), [HANDOVER_HEADER]: stamped } }))
    const eve = await cookieFor("eve@example.com", "eve")
    const other = await route(new NextRequest("http://localhost:3000/api/me", { headers: { cookie: eve, [HANDOVER_HEADER]: stamped } }), {})
    expect(await other.json()).toEqual({ email: "eve@example.com" })
  })
})

describe("the store", () => {
  const read = (email: string): SessionRead => ({ session: { user: { email }, expires: "2099-01-01T00:00:00.000Z" }, cookies: [] })

  it("gives an entry back only for its id and its cookie", () => {
    const store = new SessionHandover()
    const id = store.put(read("ada@example.com"), "a=1")
    expect(store.take(id, "a=1")?.session?.user?.email).toBe("ada@example.com")
    // Several readers of one request (layouts, page) all get it.
    expect(store.take(id, "a=1")?.session?.user?.email).toBe("ada@example.com")
    expect(store.take(id, "a=2")).toBeUndefined()
    expect(store.take(crypto.randomUUID(), "a=1")).toBeUndefined()
    expect(store.take(null, "a=1")).toBeUndefined()
    expect(store.take("", "a=1")).toBeUndefined()
  })

  it("forgets entries after their short life", () => {
    let now = 1_000_000
    const store = new SessionHandover(10_000, 100, () => now)
    const id = store.put(read("ada@example.com"), "")
    now += 9_999
    expect(store.take(id, "")).toBeDefined()
    now += 1
    expect(store.take(id, "")).toBeUndefined()
    expect(store.size).toBe(0)
  })

  it("sweeps expired entries as new ones come, and never holds more than its bound", () => {
    let now = 0
    const store = new SessionHandover(1_000, 5, () => now)
    for (let i = 0; i < 5; i++) store.put(read(`u${i}@example.com`), "")
    now = 2_000
    store.put(read("late@example.com"), "")
    expect(store.size).toBe(1)
    const ids = Array.from({ length: 20 }, (_, i) => store.put(read(`v${i}@example.com`), ""))
    expect(store.size).toBeLessThanOrEqual(5)
    expect(store.take(ids.at(-1), "")?.session?.user?.email).toBe("v19@example.com")
    expect(store.take(ids[0], "")).toBeUndefined()
  })

  it("keeps an entry under a given id, the newest read winning, in order of expiry", () => {
    let now = 0
    const store = new SessionHandover(1_000, 100, () => now)
    store.putUnder("first", read("old@example.com"), "")
    now = 500
    store.putUnder("second", read("b@example.com"), "")
    store.putUnder("first", read("ada@example.com"), "")
    expect(store.take("first", "")?.session?.user?.email).toBe("ada@example.com")
    // "second" is now the oldest: it expires first, and "first", stored again at 500, lives on.
    now = 1_400
    store.putUnder("third", read("c@example.com"), "")
    expect(store.take("first", "")?.session?.user?.email).toBe("ada@example.com")
    now = 1_500
    store.putUnder("fourth", read("d@example.com"), "")
    expect(store.take("second", "")).toBeUndefined()
    expect(store.take("first", "")).toBeUndefined()
    expect(store.size).toBe(2)
  })

  it("is one store per process, shared by the middleware's and the routes' bundles", () => {
    expect(sessionHandover()).toBe(sessionHandover())
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("auth.next.session-handover")]).toBe(sessionHandover())
  })
})
