/**
 * What only the SvelteKit variant has to get right: locals.auth() for load
 * functions, the `prefix` option, a config that is a function of the event,
 * the signIn/signOut form actions (credentials and OIDC, ending in
 * SvelteKit's own redirect), and getSession(request, config). Real Requests
 * in SvelteKit-shaped events; database strategy on SQLite through Prisma.
 */
import { type Action, type Handle, isRedirect, type RequestHandler } from "@sveltejs/kit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig, Session } from "@/lib/auth"
import { CredentialsSignin } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import OIDC from "@/lib/auth/providers/oidc"
import { getSession, SvelteKitAuth, type SvelteKitAuthConfig } from "@/lib/auth/sveltekit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { IdpBrowser, type OidcServer, startOidcServer } from "@/tests/helpers/oidc-provider"
import { alice, aliceConfig, Browser, isDeletion, ORIGIN, parseSetCookie, SECRET, setCookie } from "../support"
import { finish, requestEvent, type TestEvent } from "./event"

const SESSION = "authjs.session-token"
function config(extra: Partial<SvelteKitAuthConfig> = {}): SvelteKitAuthConfig {
  return { ...aliceConfig(), ...extra }
}

type Auth = ReturnType<typeof SvelteKitAuth>

/** A browser whose requests go through `handle`; the app's own pages answer "page" and record locals.auth(). */
function appBrowser(auth: Auth, seen: (Session | null)[] = []) {
  return new Browser({ providers: [] }, ORIGIN, async (request) => {
    const event = requestEvent(request)
    const response = await auth.handle({
      event,
      resolve: async (e: TestEvent) => {
        seen.push((await e.locals.auth?.()) as Session | null)
        return new Response("page")
      },
    })
    return finish(response, event)
  })
}

async function signIn(browser: Browser, base = "/auth") {
  const { csrfToken } = (await (await browser.send(`${base}/csrf`)).json()) as { csrfToken: string }
  const res = await browser.send(`${base}/callback/credentials`, { form: { csrfToken, email: alice.email, password: "correct" } })
  expect(res.status).toBe(302)
  return res
}

/** A form POST to a page, as SvelteKit hands it to a form action. */
function formEvent(browser: Browser, fields: Record<string, string>, referer = `${ORIGIN}/login`) {
  const request = browser.request("/login?/signin", { form: fields, headers: { referer, origin: ORIGIN } })
  return requestEvent(request)
}

/** Runs a form action; it must end in SvelteKit's redirect. Returns where to, and the event's cookies. */
async function runAction(action: (event: TestEvent) => Promise<unknown>, event: TestEvent) {
  let thrown: unknown
  try {
    await action(event)
  } catch (error) {
    thrown = error
  }
  expect(isRedirect(thrown), String(thrown)).toBe(true)
  const redirect = thrown as { status: number; location: string }
  return { status: redirect.status, location: redirect.location, cookies: event.setCookieHeaders().map(parseSetCookie) }
}

describe("SvelteKit's own types", () => {
  it("handle is a Handle, signIn/signOut are Actions, GET/POST are RequestHandlers", () => {
    // Compile-time: `npm run typecheck` fails if the shapes drift from SvelteKit's.
    const auth = SvelteKitAuth(config())
    const handle: Handle = auth.handle
    const actions: Record<string, Action> = { signin: auth.signIn, signout: auth.signOut }
    const routes: Record<string, RequestHandler> = { GET: auth.GET, POST: auth.POST }
    expect([handle, ...Object.values(actions), ...Object.values(routes)].every((f) => typeof f === "function")).toBe(true)
  })
})

describe("handle and locals.auth()", () => {
  it("every request outside the auth routes gets locals.auth(): null, then the session after sign-in", async () => {
    const seen: (Session | null)[] = []
    const browser = appBrowser(SvelteKitAuth(config()), seen)
    expect(await (await browser.send("/dashboard")).text()).toBe("page")
    await signIn(browser)
    await browser.send("/dashboard")
    expect(seen[0]).toBeNull()
    expect(seen[1]?.user).toMatchObject({ name: alice.name, email: alice.email })
  })

  it("paths under the prefix that are not auth actions belong to the app", async () => {
    const browser = appBrowser(SvelteKitAuth(config()))
    const res = await browser.send("/auth/login")
    expect(await res.text()).toBe("page")
  })

  it("prefix moves the auth routes; the old path is the app's", async () => {
    const browser = appBrowser(SvelteKitAuth(config({ prefix: "/account/auth" })))
    const res = await browser.send("/account/auth/providers")
    const body = (await res.json()) as { credentials: { callbackUrl: string } }
    expect(body.credentials.callbackUrl).toBe(`${ORIGIN}/account/auth/callback/credentials`)
    expect(await (await browser.send("/auth/providers")).text()).toBe("page")
    await signIn(browser, "/account/auth")
  })

  it("a config function is called with each event, and its answer is used", async () => {
    const hosts: string[] = []
    const perHost = new Map([
      ["a.example.test", config({ secret: `${SECRET}-a` })],
      ["b.example.test", config({ secret: `${SECRET}-b` })],
    ])
    const auth = SvelteKitAuth((event) => {
      hosts.push(event.url.hostname)
      return perHost.get(event.url.hostname)!
    })
    const send = (origin: string) =>
      new Browser({ providers: [] }, origin, async (request) => {
        const event = requestEvent(request)
        return finish(await auth.handle({ event, resolve: async () => new Response("page") }), event)
      })
    const a = send("http://a.example.test")
    await signIn(a)
    const b = send("http://b.example.test")
    // a's cookie, presented on b (another secret), is no session there.
    b.jar.set(SESSION, a.jar.get(SESSION)!)
    expect(await (await b.send("/auth/session")).text()).toBe("null")
    expect(await (await a.send("/auth/session")).text()).not.toBe("null")
    expect(hosts).toContain("a.example.test")
    expect(hosts).toContain("b.example.test")
  })
})

describe.each(["jwt", "database"] as const)("form actions and getSession (%s strategy)", (strategy) => {
  let db: TestDatabase
  let idp: OidcServer
  let auth: Auth
  let authConfig: SvelteKitAuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    await db.prisma.user.create({ data: { id: alice.id, email: alice.email, name: alice.name } })
    idp = await startOidcServer({
      redirectUris: [`${ORIGIN}/auth/callback/oidc`],
      accounts: [{ sub: "carol", email: "carol@example.test", name: "Carol" }],
    })
    authConfig = config({
      adapter: PrismaAdapter(db.prisma),
      // absoluteMaxAge above maxAge: with the defaults equal a database session is at its absolute end
      // from sign-in and never slides, so there would be no renewal to see.
      session: { strategy, updateAge: 0, absoluteMaxAge: 60 * 24 * 60 * 60 },
      providers: [
        ...(config().providers as AuthConfig["providers"]),
        OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
      ],
    })
    auth = SvelteKitAuth(authConfig)
  })
  afterAll(async () => {
    await idp.close()
    await db.cleanup()
  })

  it("signIn with credentials: the session cookie is set on the event and the action redirects (303)", async () => {
    const browser = appBrowser(auth)
    const event = formEvent(browser, { providerId: "credentials", email: alice.email, password: "correct", redirectTo: "/dashboard" })
    const { status, location, cookies } = await runAction(auth.signIn, event)
    expect(status).toBe(303)
    expect(location).toBe(`${ORIGIN}/dashboard`)
    const session = cookies.find((c) => c.name === SESSION)!
    expect(session.attributes.httponly).toBe(true)
    browser.jar.set(SESSION, session.value)
    const read = (await (await browser.send("/auth/session")).json()) as Session
    expect(read.user?.email).toBe(alice.email)
  })

  it("signIn with a wrong password throws CredentialsSignin to the caller and sets no session", async () => {
    const browser = appBrowser(auth)
    const event = formEvent(browser, { providerId: "credentials", email: alice.email, password: "wrong" })
    await expect(auth.signIn(event)).rejects.toBeInstanceOf(CredentialsSignin)
    expect(event.setCookieHeaders().filter((c) => c.startsWith(SESSION))).toEqual([])
  })

  it("signIn without a provider goes to the sign-in page, back to the referring page after", async () => {
    const browser = appBrowser(auth)
    const { location } = await runAction(auth.signIn, formEvent(browser, {}, `${ORIGIN}/pricing`))
    expect(location).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fpricing`)
  })

  it("signIn with a hostile redirectTo stays on this origin", async () => {
    const browser = appBrowser(auth)
    const event = formEvent(browser, { providerId: "credentials", email: alice.email, password: "correct", redirectTo: "https://evil.example/" })
    const { location } = await runAction(auth.signIn, event)
    expect(location).toBe(`${ORIGIN}/`)
  })

  it("signIn with OIDC redirects to the provider; its callback through handle signs the user in", async () => {
    const browser = appBrowser(auth)
    const { location, cookies } = await runAction(auth.signIn, formEvent(browser, { providerId: "oidc", redirectTo: "/after" }))
    expect(new URL(location).origin).toBe(new URL(idp.issuer).origin)
    for (const cookie of cookies) browser.jar.set(cookie.name, cookie.value)
    const callback = new URL(await new IdpBrowser().authorize(location, "carol"))
    const res = await browser.send(`${callback.pathname}${callback.search}`)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/after`)
    const read = (await (await browser.send("/auth/session")).json()) as Session
    expect(read.user?.email).toBe("carol@example.test")
  })

  it("signOut ends the session: cookie cleared on the event, (database) row deleted, redirect to redirectTo", async () => {
    const browser = appBrowser(auth)
    await signIn(browser)
    const rows = await db.prisma.session.count()
    const event = formEvent(browser, { redirectTo: "/bye" })
    const { location, cookies } = await runAction(auth.signOut, event)
    expect(location).toBe(`${ORIGIN}/bye`)
    expect(isDeletion(cookies.find((c) => c.name === SESSION)!)).toBe(true)
    if (strategy === "database") expect(await db.prisma.session.count()).toBe(rows - 1)
  })

  it("locals.auth() renews the session through event.cookies (updateAge 0), read once per event", async () => {
    const browser = appBrowser(auth)
    await signIn(browser)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const event = requestEvent(browser.request("/dashboard"))
    let calls = 0
    const response = await auth.handle({
      event,
      resolve: async (e: TestEvent) => {
        const [first, second] = await Promise.all([e.locals.auth!(), e.locals.auth!()])
        calls++
        expect(first).toBe(second)
        return new Response(JSON.stringify(first))
      },
    })
    const res = finish(response, event)
    expect(calls).toBe(1)
    expect(((await res.json()) as Session).user?.email).toBe(alice.email)
    expect(setCookie(res, SESSION)).toBeDefined()
  })

  it("getSession(request, config) reads the session of a request; null without one or with a forged cookie", async () => {
    const browser = appBrowser(auth)
    expect(await getSession(browser.request("/x"), authConfig)).toBeNull()
    await signIn(browser)
    expect((await getSession(browser.request("/x"), authConfig))?.user?.email).toBe(alice.email)
    browser.jar.set(SESSION, "forged")
    expect(await getSession(browser.request("/x"), authConfig)).toBeNull()
  })
})
