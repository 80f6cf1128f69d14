/**
 * The browser client (lib/auth/react/client.ts) against the real core.
 *
 * 1. signIn({ redirect: false }) decided success by looking for `?error=` in
 *    the returned URL. After a successful sign-in that URL is the callback
 *    URL, which defaults to the current page: on a sign-in page reached with
 *    ?error=SessionRequired (useSession({ required: true }) sends users there)
 *    a successful sign-in was reported as ok: false.
 * 2. updateSession() answered null both for "no session" and for a failed
 *    request, so the SessionProvider showed a signed-in user as signed out
 *    whenever an update was refused or failed.
 *
 * The network is the only stand-in: fetch() hands each request to Auth() and
 * keeps cookies like a browser on the same origin (the support Browser).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import type { AuthConfig } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import { fetchSessionUnlessUnavailable, getSession, signIn, updateSession } from "@/lib/auth/react/client"
import { BASE, Browser, ORIGIN, SECRET } from "@/tests/integration/auth/support"

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  basePath: BASE,
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: async (c) => (c.password === "right" ? { id: "u1", name: "Ada", email: String(c.email) } : null),
    }),
  ],
}

const browser = new Browser(config)
const assigned: string[] = []
const realFetch = globalThis.fetch
const g = globalThis as unknown as { window?: unknown }

beforeAll(() => {
  g.window = {
    location: {
      href: `${ORIGIN}/login?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}&error=SessionRequired`,
      assign: (url: string) => void assigned.push(url),
      reload: () => {},
    },
  }
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const cookie = browser.cookieHeader()
    if (cookie) headers.set("cookie", cookie)
    const request = new Request(new URL(String(input), ORIGIN), { method: init?.method ?? "GET", headers, body: init?.body })
    const response = await Auth(request, config)
    browser.store(response)
    return response
  }) as typeof fetch
})
afterAll(() => {
  globalThis.fetch = realFetch
  delete g.window
})

describe("client signIn results", () => {
  it("a successful sign-in from a page whose URL carries ?error= is ok", async () => {
    const result = await signIn("credentials", { email: "ada@example.com", password: "right", redirect: false, basePath: BASE })
    expect(result).toMatchObject({ ok: true, error: null, code: null })
    expect(result?.url).toContain("/login?")
    expect((await getSession(BASE))?.user?.name).toBe("Ada")
    expect(assigned).toEqual([])
  })

  it("a failed sign-in is not ok, with the error and code", async () => {
    const result = await signIn("credentials", { email: "ada@example.com", password: "wrong", redirect: false, basePath: BASE })
    expect(result).toMatchObject({ ok: false, error: "CredentialsSignin", code: "credentials" })
    expect(result?.url).toBe(`${ORIGIN}/login?error=CredentialsSignin&code=credentials`)
  })

  it("a refusal by CSRF is reported as MissingCSRF", async () => {
    browser.jar.clear()
    const realStore = browser.store.bind(browser)
    // Drop the CSRF cookie the token belongs to, as a browser with cookies cleared mid-flight would.
    browser.store = (res) => {
      realStore(res)
      browser.jar.delete("authjs.csrf-token")
    }
    try {
      const result = await signIn("credentials", { email: "ada@example.com", password: "right", redirect: false, basePath: BASE })
      expect(result).toMatchObject({ ok: false, error: "MissingCSRF" })
    } finally {
      browser.store = realStore
    }
  })
})

describe("client updateSession", () => {
  it("resolves to the session, and to null when there is none", async () => {
    browser.jar.clear()
    await signIn("credentials", { email: "ada@example.com", password: "right", redirect: false, basePath: BASE })
    expect((await updateSession({ user: { name: "x" } }, BASE))?.user?.email).toBe("ada@example.com")
    const signedOut = new Map(browser.jar)
    signedOut.delete("authjs.session-token")
    browser.jar.clear()
    for (const [k, v] of signedOut) browser.jar.set(k, v)
    expect(await updateSession(undefined, BASE)).toBeNull()
  })

  it("rejects when the update is refused, rather than reading as signed out", async () => {
    browser.jar.clear()
    await signIn("credentials", { email: "ada@example.com", password: "right", redirect: false, basePath: BASE })
    // A CSRF cookie from another deployment: the token the client fetches no longer matches.
    browser.jar.set("authjs.csrf-token", `${"a".repeat(64)}%7C${"0".repeat(64)}`)
    const realStore = browser.store.bind(browser)
    browser.store = (res) => {
      realStore(res)
      browser.jar.set("authjs.csrf-token", `${"a".repeat(64)}%7C${"0".repeat(64)}`)
    }
    try {
      await expect(updateSession({ user: { name: "x" } }, BASE)).rejects.toThrow(/400/)
    } finally {
      browser.store = realStore
    }
    expect((await getSession(BASE))?.user?.name).toBe("Ada")
  })
})

describe("client session refetch during a database outage", () => {
  it("reads a 503 as 'cannot tell' (the provider keeps its session), not as signed out", async () => {
    const before = globalThis.fetch
    try {
      globalThis.fetch = (async () =>
        Response.json({ error: "DatabaseUnavailable" }, { status: 503, headers: { "Retry-After": "5" } })) as typeof fetch
      expect(await fetchSessionUnlessUnavailable(BASE)).toBeUndefined()
      globalThis.fetch = (async () => Response.json(null)) as typeof fetch
      expect(await fetchSessionUnlessUnavailable(BASE)).toBeNull()
    } finally {
      globalThis.fetch = before
    }
  })
})
