/**
 * Every endpoint of the core, end to end: real Requests through Auth(), real
 * cookies carried between requests, and for the database strategy a real
 * SQLite file and a real PostgreSQL database behind the Prisma adapter.
 *
 * What is deliberate in our design (and differs from Auth.js) is asserted as
 * such: jwt cookies are re-issued only when needed, database expiry slides at
 * most once per updateAge, POST /session persists name/image, and credentials
 * sign-in under the database strategy creates a real session row.
 *
 * The cases every framework variant must pass as well live in one shared
 * table, tests/helpers/conformance.ts (run for the core by
 * conformance.test.ts); those that were here verbatim moved there.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { EncryptJWT } from "jose"
import { Auth, CredentialsSignin, skipCSRFCheck } from "@/lib/auth"
import type { Adapter, AuthConfig, JWT, Session } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { decode, deriveKey } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"
import { createTestDatabase } from "@/tests/helpers/db"
import {
  BASE,
  Browser,
  emptyTables,
  expectBaseAttributes,
  expectNoInternals,
  HTTPS_ORIGIN,
  isDeletion,
  ORIGIN,
  OTHER_SECRET,
  recordingLogger,
  SECRET,
  setCookie,
  setCookies,
  snapshot,
  type TestPrisma,
  withEnv,
} from "./support"

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>

interface StrategyCase {
  label: string
  strategy: "jwt" | "database"
  db?: "sqlite" | "postgresql"
}

const cases: StrategyCase[] = [
  { label: "jwt", strategy: "jwt" },
  { label: "database on SQLite", strategy: "database", db: "sqlite" },
  { label: "database on PostgreSQL", strategy: "database", db: "postgresql" },
]

const SESSION = "authjs.session-token"
const CSRF = "authjs.csrf-token"
const CALLBACK = "authjs.callback-url"
const MAX_AGE = 30 * 24 * 60 * 60
const DAY = 24 * 60 * 60

class CustomCodeError extends CredentialsSignin {
  override code = "account-locked"
}

/** Seconds between a cookie's Expires and now + `seconds`. */
function expiresDrift(expires: string | true | undefined, seconds: number): number {
  expect(typeof expires).toBe("string")
  return Math.abs(Date.parse(expires as string) / 1000 - (Date.now() / 1000 + seconds))
}

/** A session JWT with chosen iat/exp, made with the same key derivation the library uses. */
async function craftToken(claims: JWT, times: { iat: number; exp: number }, secret = SECRET, salt = SESSION) {
  const { key, kid } = await deriveKey(secret, salt)
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
    .setIssuedAt(times.iat)
    .setExpirationTime(times.exp)
    .setJti(randomUUID())
    .encrypt(key)
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

interface TestUser {
  id: string
  name: string
  email: string
  image: string | null
}

describe.each(cases)("endpoints with the $label strategy", ({ strategy, db: dbKind }) => {
  const isDb = strategy === "database"
  let db: TestDatabase | undefined
  let prisma: TestPrisma
  let adapter: Adapter | undefined

  beforeAll(async () => {
    if (!dbKind) return
    db = await createTestDatabase(dbKind)
    prisma = db.prisma as unknown as TestPrisma
    adapter = PrismaAdapter(db.prisma)
  })
  afterAll(async () => {
    await db?.cleanup()
  })
  beforeEach(async () => {
    if (isDb) await emptyTables(prisma)
  })

  let userCount = 0
  /** A user that can sign in: a real row under the database strategy. */
  async function newUser(): Promise<TestUser> {
    userCount++
    const data = {
      email: `user${userCount}-${randomUUID().slice(0, 8)}@example.test`,
      name: "Ada Lovelace",
      image: "https://img.example.test/ada.png",
    }
    if (isDb) {
      const row = await prisma.user.create({ data })
      return { id: row.id, name: row.name ?? "", email: row.email, image: row.image }
    }
    return { id: randomUUID(), ...data }
  }

  interface Options extends Partial<AuthConfig> {
    authorize?: Parameters<typeof Credentials>[0]["authorize"]
    user?: TestUser
  }

  /** Config for this strategy; authorize accepts password "correct" for `user`. */
  function makeConfig(options: Options = {}): AuthConfig & { calls: { authorize: number } } {
    const { authorize, user, session, ...rest } = options
    const calls = { authorize: 0 }
    const provider = Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      authorize:
        authorize ??
        (async (credentials) => {
          calls.authorize++
          return credentials.password === "correct" && user ? { ...user } : null
        }),
    })
    return {
      secret: SECRET,
      trustHost: true,
      providers: [provider],
      // Quiet by default; tests about logging pass their own recording logger.
      logger: recordingLogger().logger,
      ...(isDb ? { adapter } : {}),
      session: { strategy, ...session },
      ...rest,
      calls,
    }
  }

  /** A browser signed in as a fresh user. */
  async function signedIn(options: Options = {}, origin = ORIGIN) {
    const user = options.user ?? (await newUser())
    const config = makeConfig({ ...options, user })
    const browser = new Browser(config, origin)
    const res = await browser.signInWithCredentials({ email: user.email, password: "correct" })
    expect(res.status).toBe(302)
    return { browser, config, user, res }
  }

  async function sessionRows(userId: string) {
    return prisma.session.findMany({ orderBy: { sessionToken: "asc" }, where: { userId } })
  }

  // -------------------------------------------------------------------------
  describe("GET /providers", () => {
    it("honours a custom basePath", async () => {
      const browser = new Browser(makeConfig({ basePath: "/api/auth" }))
      const res = await browser.send("/api/auth/providers")
      expect(res.status).toBe(200)
      const body = (await res.json()) as Record<string, { signinUrl: string }>
      expect(body.credentials.signinUrl).toBe(`${ORIGIN}/api/auth/signin/credentials`)
      expect((await browser.send(`${BASE}/providers`)).status).toBe(400)
    })
  })

  // -------------------------------------------------------------------------
  describe("GET /csrf", () => {
    it("returns a token with no-cache headers and sets the hashed CSRF cookie", async () => {
      const browser = new Browser(makeConfig())
      const res = await browser.send(`${BASE}/csrf`)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toMatch(/^application\/json/)
      expect(res.headers.get("cache-control")).toBe("private, no-cache, no-store")
      expect(res.headers.get("expires")).toBe("0")
      expect(res.headers.get("pragma")).toBe("no-cache")
      const { csrfToken } = (await res.json()) as { csrfToken: string }
      expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)

      const cookie = setCookie(res, CSRF)!
      expectBaseAttributes(cookie, false)
      // A session cookie: no Max-Age, no Expires.
      expect(cookie.attributes["max-age"]).toBeUndefined()
      expect(cookie.attributes.expires).toBeUndefined()
      const [token, hash] = decodeURIComponent(cookie.value).split("|")
      expect(token).toBe(csrfToken)
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
      expect(cookie.value).toContain("%7C")
    })

    it("keeps a valid CSRF cookie: same token, no new Set-Cookie", async () => {
      const browser = new Browser(makeConfig())
      const first = await browser.csrfToken()
      const res = await browser.send(`${BASE}/csrf`)
      expect(((await res.json()) as { csrfToken: string }).csrfToken).toBe(first)
      expect(setCookie(res, CSRF)).toBeUndefined()
    })

    it("replaces a CSRF cookie minted with another secret", async () => {
      const other = new Browser({ ...makeConfig(), secret: OTHER_SECRET })
      const foreign = await other.csrfToken()
      const browser = new Browser(makeConfig())
      const res = await browser.send(`${BASE}/csrf`, { cookie: other.cookieHeader() })
      const { csrfToken } = (await res.json()) as { csrfToken: string }
      expect(csrfToken).not.toBe(foreign)
      expect(setCookie(res, CSRF)).toBeDefined()
    })

    it("uses the __Host- prefix and Secure on https", async () => {
      const browser = new Browser(makeConfig(), HTTPS_ORIGIN)
      const res = await browser.send(`${BASE}/csrf`)
      const cookie = setCookie(res, `__Host-${CSRF}`)!
      expect(cookie).toBeDefined()
      expectBaseAttributes(cookie, true)
      expect(cookie.attributes.domain).toBeUndefined()
      expect(setCookie(res, CSRF)).toBeUndefined()
    })

    it("useSecureCookies overrides the protocol in both directions", async () => {
      const forced = await new Browser(makeConfig({ useSecureCookies: true })).send(`${BASE}/csrf`)
      expectBaseAttributes(setCookie(forced, `__Host-${CSRF}`)!, true)
      const relaxed = await new Browser(makeConfig({ useSecureCookies: false }), HTTPS_ORIGIN).send(`${BASE}/csrf`)
      expectBaseAttributes(setCookie(relaxed, CSRF)!, false)
    })

    it("with skipCSRFCheck: 404, clears the CSRF cookie and warns", async () => {
      const { logger, warnings } = recordingLogger()
      const browser = new Browser(makeConfig({ skipCSRFCheck, logger }))
      browser.jar.set(CSRF, "stale")
      const res = await browser.send(`${BASE}/csrf`)
      expect(res.status).toBe(404)
      const cookie = setCookie(res, CSRF)!
      expect(isDeletion(cookie)).toBe(true)
      expect(cookie.value).toBe("")
      expect(warnings).toContain("csrf-disabled")
    })
  })

  // -------------------------------------------------------------------------
  describe("GET /session", () => {
    it("after sign-in: the session shaped by the default session callback", async () => {
      const { browser, user } = await signedIn()
      const res = await browser.send(`${BASE}/session`)
      expect(res.status).toBe(200)
      expect(res.headers.get("cache-control")).toBe("private, no-cache, no-store")
      const body = (await res.json()) as Session
      expect(body).toEqual({
        // Not in Auth.js: the library adds the user's roles.
        user: { name: user.name, email: user.email, image: user.image, roles: ["user"] },
        expires: expect.any(String),
      })
      expect(Math.abs(Date.parse(body.expires) / 1000 - (Date.now() / 1000 + MAX_AGE))).toBeLessThan(10)
      if (isDb) {
        const [row] = await sessionRows(user.id)
        expect(body.expires).toBe(row.expires.toISOString())
      }
    })

    it("a fresh session is not re-written: no Set-Cookie and (database) the expiry is unchanged", async () => {
      const { browser, user } = await signedIn()
      const before = isDb ? await sessionRows(user.id) : []
      const res = await browser.send(`${BASE}/session`)
      expect(res.status).toBe(200)
      expect(setCookie(res, SESSION)).toBeUndefined()
      if (isDb) expect(await sessionRows(user.id)).toEqual(before)
    })

    it("an unknown session cookie: null and the cookie cleared", async () => {
      const browser = new Browser(makeConfig())
      browser.jar.set(SESSION, isDb ? randomUUID() : "not-a-jwe")
      const res = await browser.send(`${BASE}/session`)
      expect(await res.text()).toBe("null")
      const cleared = setCookie(res, SESSION)!
      expect(isDeletion(cleared)).toBe(true)
      expectBaseAttributes(cleared, false)
    })
  })

  // -------------------------------------------------------------------------
  describe("POST /callback/credentials", () => {
    it("success: 302 to the callback URL with an HttpOnly Lax session cookie (database: a real row)", async () => {
      const user = await newUser()
      const config = makeConfig({ user })
      const browser = new Browser(config)
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/callback/credentials`, {
        form: { csrfToken, email: user.email, password: "correct", callbackUrl: "/dashboard" },
      })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      expect(config.calls.authorize).toBe(1)

      const cookie = setCookie(res, SESSION)!
      expect(cookie).toBeDefined()
      expectBaseAttributes(cookie, false)
      expect(cookie.attributes["max-age"]).toBeUndefined()
      expect(expiresDrift(cookie.attributes.expires, MAX_AGE)).toBeLessThan(10)

      const callback = setCookie(res, CALLBACK)!
      expectBaseAttributes(callback, false)
      expect(decodeURIComponent(callback.value)).toBe(`${ORIGIN}/dashboard`)

      if (isDb) {
        const rows = await sessionRows(user.id)
        expect(rows).toHaveLength(1)
        expect(rows[0].sessionToken).toBe(decodeURIComponent(cookie.value))
        expect(Math.abs(rows[0].expires.valueOf() - (Date.now() + MAX_AGE * 1000))).toBeLessThan(10_000)
        // The cookie expires with the row (to the second: cookie dates have no milliseconds).
        expect(Date.parse(cookie.attributes.expires as string)).toBe(Math.floor(rows[0].expires.valueOf() / 1000) * 1000)
      } else {
        const token = await decode({ token: decodeURIComponent(cookie.value), secret: SECRET, salt: SESSION })
        expect(token).toMatchObject({ name: user.name, email: user.email, picture: user.image, sub: user.id })
        expect(token!.exp! - token!.iat!).toBe(MAX_AGE)
        expect(token!.jti).toMatch(/^[0-9a-f-]{36}$/)
      }
    })

    it("accepts a JSON body and honours X-Auth-Return-Redirect (200 {url}, cookies kept)", async () => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user }))
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/callback/credentials`, {
        json: { csrfToken, email: user.email, password: "correct", callbackUrl: `${ORIGIN}/next?x=1` },
        headers: { "X-Auth-Return-Redirect": "1" },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get("location")).toBeNull()
      expect(res.headers.get("content-type")).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({ url: `${ORIGIN}/next?x=1` })
      expect(setCookie(res, SESSION)).toBeDefined()
    })

    it("on https: __Secure- session and callback-url cookies with Secure", async () => {
      const { res } = await signedIn({}, HTTPS_ORIGIN)
      expect(res.headers.get("location")).toBe(HTTPS_ORIGIN)
      const session = setCookie(res, `__Secure-${SESSION}`)!
      expect(session).toBeDefined()
      expectBaseAttributes(session, true)
      expectBaseAttributes(setCookie(res, `__Secure-${CALLBACK}`)!, true)
      expect(setCookies(res).filter((c) => !c.name.startsWith("__"))).toEqual([])
    })

    it("authorize → null: sign-in page with error=CredentialsSignin&code=credentials, no session", async () => {
      const user = await newUser()
      const config = makeConfig({ user })
      const browser = new Browser(config)
      const before = isDb ? await snapshot(prisma) : undefined
      const res = await browser.signInWithCredentials({ email: user.email, password: "wrong" })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`)
      expect(config.calls.authorize).toBe(1)
      expect(setCookie(res, SESSION)).toBeUndefined()
      if (isDb) expect(await snapshot(prisma)).toEqual(before)
    })

    it("with X-Auth-Return-Redirect the failure comes back as 200 {url}", async () => {
      const browser = new Browser(makeConfig({ user: await newUser() }))
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/callback/credentials`, {
        form: { csrfToken, password: "wrong" },
        headers: { "X-Auth-Return-Redirect": "1" },
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ url: `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials` })
    })

    it("a thrown CredentialsSignin subclass keeps its code", async () => {
      const browser = new Browser(
        makeConfig({
          authorize: () => {
            throw new CustomCodeError("locked after 5 attempts")
          },
        }),
      )
      const res = await browser.signInWithCredentials({ password: "x" })
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=account-locked`)
    })

    it("a thrown plain Error: /error?error=Configuration, logged through the custom logger", async () => {
      const { logger, errors } = recordingLogger()
      const browser = new Browser(
        makeConfig({
          logger,
          authorize: () => {
            throw new Error("database of passwords is on fire")
          },
        }),
      )
      const before = isDb ? await snapshot(prisma) : undefined
      const res = await browser.signInWithCredentials({ password: "x" })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
      expect(setCookie(res, SESSION)).toBeUndefined()
      expect(errors).toHaveLength(1)
      const logged = errors[0] as Error & { type?: string; cause?: { err?: Error } }
      expect(logged.type).toBe("CallbackRouteError")
      expect(logged.cause?.err?.message).toBe("database of passwords is on fire")
      if (isDb) expect(await snapshot(prisma)).toEqual(before)
    })

    it("the signIn callback gets user, account and the submitted credentials", async () => {
      const user = await newUser()
      const seen: unknown[] = []
      const { res } = await signedIn({
        user,
        callbacks: {
          signIn: (params) => {
            seen.push(params)
            return true
          },
        },
      })
      expect(res.status).toBe(302)
      expect(seen).toEqual([
        {
          user: expect.objectContaining({ id: user.id, email: user.email }),
          account: { providerAccountId: user.id, type: "credentials", provider: "credentials" },
          credentials: expect.objectContaining({ email: user.email, password: "correct" }),
        },
      ])
    })

    it.each([
      ["returns false", () => false],
      [
        "throws",
        () => {
          throw new Error("not on the allow list")
        },
      ],
    ])("the signIn callback %s: /error?error=AccessDenied and no session", async (_, signIn) => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user, callbacks: { signIn } }))
      const before = isDb ? await snapshot(prisma) : undefined
      const res = await browser.signInWithCredentials({ email: user.email, password: "correct" })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
      expect(setCookie(res, SESSION)).toBeUndefined()
      if (isDb) expect(await snapshot(prisma)).toEqual(before)
    })

    it('the signIn callback returns "/welcome": redirect there, no session', async () => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user, callbacks: { signIn: () => "/welcome" } }))
      const res = await browser.signInWithCredentials({ email: user.email, password: "correct", callbackUrl: "/x" })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/welcome`)
      expect(setCookie(res, SESSION)).toBeUndefined()
      if (isDb) expect(await sessionRows(user.id)).toEqual([])
    })

    it("GET /callback/credentials is refused (400), authorize not called", async () => {
      const config = makeConfig({ user: await newUser() })
      const browser = new Browser(config)
      const res = await browser.send(`${BASE}/callback/credentials?password=correct`)
      expect(res.status).toBe(400)
      expect(config.calls.authorize).toBe(0)
      expect(setCookie(res, SESSION)).toBeUndefined()
    })
  })

  // -------------------------------------------------------------------------
  describe("the redirect callback refuses other origins", () => {
    it.each([
      ["https://evil.example/steal", ORIGIN],
      ["//evil.example/x", ORIGIN],
      ["/\\evil.example", ORIGIN],
      ["javascript:alert(1)", ORIGIN],
      ["http://localhost:3000.evil.example/", ORIGIN],
      ["http://localhost:3001/", ORIGIN],
      ["/dashboard", `${ORIGIN}/dashboard`],
      [`${ORIGIN}/account?tab=1`, `${ORIGIN}/account?tab=1`],
    ])("callbackUrl %s → %s", async (callbackUrl, expected) => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user }))
      const res = await browser.signInWithCredentials({ email: user.email, password: "correct", callbackUrl })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(expected)
      if (isDb) expect(await sessionRows(user.id)).toHaveLength(1)
    })

    it("a hostile callback-url cookie or query value is not followed at sign-out", async () => {
      const { browser } = await signedIn()
      browser.jar.set(CALLBACK, encodeURIComponent("https://evil.example/"))
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signout?callbackUrl=${encodeURIComponent("//evil.example")}`, {
        form: { csrfToken },
      })
      expect(res.headers.get("location")).toBe(ORIGIN)
      expect(decodeURIComponent(setCookie(res, CALLBACK)!.value)).toBe(ORIGIN)
    })

    it("a refused callbackUrl in the request gives the base URL, not a page the callback-url cookie remembers", async () => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user }))
      // Set by an earlier visit (e.g. a guarded page's redirect to sign-in).
      browser.jar.set(CALLBACK, encodeURIComponent(`${ORIGIN}/settings`))
      const res = await browser.signInWithCredentials({ email: user.email, password: "correct", callbackUrl: "//evil.example/steal" })
      expect(res.headers.get("location")).toBe(ORIGIN)
    })

    it("a custom redirect callback sees the raw url and baseUrl, and has the last word", async () => {
      const seen: unknown[] = []
      const user = await newUser()
      const browser = new Browser(
        makeConfig({
          user,
          callbacks: {
            redirect: (params) => {
              seen.push(params)
              return `${params.baseUrl}/from-callback`
            },
          },
        }),
      )
      const res = await browser.signInWithCredentials({ email: user.email, password: "correct", callbackUrl: "/asked" })
      expect(res.headers.get("location")).toBe(`${ORIGIN}/from-callback`)
      expect(seen).toEqual([{ url: "/asked", baseUrl: ORIGIN }])
    })

    it("a redirect callback that returns something unusable falls back to the origin", async () => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user, callbacks: { redirect: () => "javascript:alert(1)" } }))
      const res = await browser.signInWithCredentials({ email: user.email, password: "correct", callbackUrl: "/x" })
      expect(res.headers.get("location")).toBe(ORIGIN)
    })
  })

  // -------------------------------------------------------------------------
  describe("CSRF is enforced", () => {
    async function attempt(tamper: (browser: Browser, token: string) => Record<string, string>) {
      const user = await newUser()
      const config = makeConfig({ user })
      const browser = new Browser(config)
      const token = await browser.csrfToken()
      const before = isDb ? await snapshot(prisma) : undefined
      const fields = tamper(browser, token)
      const res = await browser.send(`${BASE}/callback/credentials`, {
        form: { email: user.email, password: "correct", ...fields },
      })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
      expect(setCookie(res, SESSION)).toBeUndefined()
      expect(config.calls.authorize).toBe(0)
      if (isDb) expect(await snapshot(prisma)).toEqual(before)
    }

    it("missing token", () => attempt(() => ({})))
    it("wrong token", () => attempt(() => ({ csrfToken: "0".repeat(64) })))
    it("no cookie", () =>
      attempt((browser, token) => {
        browser.jar.delete(CSRF)
        return { csrfToken: token }
      }))
    it("a cookie whose hash does not match (forged by a sibling subdomain)", () =>
      attempt((browser) => {
        const forged = "a".repeat(64)
        browser.jar.set(CSRF, encodeURIComponent(`${forged}|${"0".repeat(64)}`))
        return { csrfToken: forged }
      }))
    it("cookie and token minted under another secret", async () => {
      const other = new Browser({ ...makeConfig(), secret: OTHER_SECRET })
      const foreignToken = await other.csrfToken()
      await attempt((browser) => {
        browser.jar.set(CSRF, other.jar.get(CSRF)!)
        return { csrfToken: foreignToken }
      })
    })
    it("the token of another browser", async () => {
      const other = new Browser(makeConfig())
      const otherToken = await other.csrfToken()
      await attempt(() => ({ csrfToken: otherToken }))
    })

    it("POST /signin without a valid token → MissingCSRF", async () => {
      const browser = new Browser(makeConfig())
      await browser.csrfToken()
      const res = await browser.send(`${BASE}/signin/credentials`, { form: { csrfToken: "nope" } })
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    })

    it("POST /session without a valid token → 400 null, nothing updated", async () => {
      const nameBefore = "Ada Lovelace"
      const { browser, user } = await signedIn({
        callbacks: { jwt: ({ token, session }) => (session ? { ...token, name: "changed" } : token) },
      })
      const before = isDb ? await snapshot(prisma) : undefined
      const sessionCookie = browser.jar.get(SESSION)
      for (const csrfToken of [undefined, "f".repeat(64)]) {
        const res = await browser.send(`${BASE}/session`, {
          json: { ...(csrfToken ? { csrfToken } : {}), data: { user: { name: "Mallory" } } },
        })
        expect(res.status).toBe(400)
        expect(await res.text()).toBe("null")
        expect(setCookie(res, SESSION)).toBeUndefined()
      }
      expect(browser.jar.get(SESSION)).toBe(sessionCookie)
      const after = (await (await browser.send(`${BASE}/session`)).json()) as Session
      expect(after.user?.name).toBe(nameBefore)
      if (isDb) {
        expect(await snapshot(prisma)).toEqual(before)
        expect((await prisma.user.findUnique({ where: { id: user.id } }))!.name).toBe(nameBefore)
      }
    })

    it("POST /signout without a valid token → MissingCSRF, the session survives", async () => {
      const { browser, user } = await signedIn()
      const before = isDb ? await snapshot(prisma) : undefined
      const res = await browser.send(`${BASE}/signout`, { form: { csrfToken: "0".repeat(64) } })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
      expect(setCookie(res, SESSION)).toBeUndefined()
      if (isDb) {
        expect(await snapshot(prisma)).toEqual(before)
        expect(await sessionRows(user.id)).toHaveLength(1)
      }
      const session = (await (await browser.send(`${BASE}/session`)).json()) as Session | null
      expect(session?.user?.email).toBe(user.email)
    })

    it("skipCSRFCheck lets a token-less credentials POST through", async () => {
      const user = await newUser()
      const browser = new Browser(makeConfig({ user, skipCSRFCheck }))
      const res = await browser.send(`${BASE}/callback/credentials`, {
        form: { email: user.email, password: "correct" },
      })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(ORIGIN)
      expect(setCookie(res, SESSION)).toBeDefined()
      if (isDb) expect(await sessionRows(user.id)).toHaveLength(1)
    })
  })

  // -------------------------------------------------------------------------
  describe("GET and POST /signin", () => {
    it("GET renders the built-in page with the CSRF token and callback URL", async () => {
      const browser = new Browser(makeConfig())
      const res = await browser.send(`${BASE}/signin?callbackUrl=${encodeURIComponent("/after")}`)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(res.headers.get("cache-control")).toBe("no-store")
      expect(res.headers.get("x-frame-options")).toBe("DENY")
      const html = await res.text()
      const csrf = setCookie(res, CSRF)!
      const token = decodeURIComponent(csrf.value).split("|")[0]
      expect(html).toContain("<title>Sign in</title>")
      expect(html).toContain(`name="csrfToken" value="${token}"`)
      expect(html).toContain(`name="callbackUrl" value="${ORIGIN}/after"`)
      expect(html).toContain(`action="${ORIGIN}/auth/callback/credentials"`)
      expect(html).toContain('name="password"')
      expect(decodeURIComponent(setCookie(res, CALLBACK)!.value)).toBe(`${ORIGIN}/after`)
    })

    it("GET with ?error shows a message, never the raw value", async () => {
      const browser = new Browser(makeConfig())
      const res = await browser.send(`${BASE}/signin?error=CredentialsSignin&code=%3Cscript%3Ex`)
      const html = await res.text()
      expect(res.status).toBe(200)
      expect(html).not.toContain("<script>x")
      expect(html).not.toContain("CredentialsSignin")
    })

    it("GET with pages.signIn redirects there with callbackUrl and error", async () => {
      const browser = new Browser(makeConfig({ pages: { signIn: "/login" } }))
      const res = await browser.send(`${BASE}/signin?callbackUrl=%2Fafter&error=CredentialsSignin&code=credentials`)
      expect(res.status).toBe(302)
      const location = new URL(res.headers.get("location")!)
      expect(location.origin + location.pathname).toBe(`${ORIGIN}/login`)
      expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/after`)
      expect(location.searchParams.get("error")).toBe("CredentialsSignin")
      expect(location.searchParams.get("code")).toBe("credentials")
    })

    it("POST /signin/credentials (credentials sign in through the callback) → back to the sign-in page", async () => {
      const browser = new Browser(makeConfig())
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signin/credentials`, { form: { csrfToken } })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/auth/signin`)
      expect(setCookie(res, SESSION)).toBeUndefined()
    })

    it("unknown providers on signin and callback go to the sign-in page", async () => {
      const browser = new Browser(makeConfig())
      const csrfToken = await browser.csrfToken()
      for (const [path, init] of [
        [`${BASE}/signin/nope`, { form: { csrfToken } }],
        [`${BASE}/callback/nope`, { form: { csrfToken } }],
        [`${BASE}/callback/nope?code=abc&state=def`, {}],
      ] as const) {
        const res = await browser.send(path, init)
        expect(res.status, path).toBe(302)
        expect(res.headers.get("location"), path).toBe(`${ORIGIN}/auth/signin`)
        expect(setCookie(res, SESSION)).toBeUndefined()
      }
    })
  })

  // -------------------------------------------------------------------------
  describe("GET and POST /signout", () => {
    it("GET renders a confirmation form that posts the CSRF token", async () => {
      const { browser } = await signedIn()
      const res = await browser.send(`${BASE}/signout`)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8")
      const html = await res.text()
      const token = decodeURIComponent(browser.jar.get(CSRF)!).split("|")[0]
      expect(html).toContain("<title>Sign out</title>")
      expect(html).toContain(`action="${ORIGIN}/auth/signout"`)
      expect(html).toContain(`name="csrfToken" value="${token}"`)
      // Looking at the page does not sign anyone out.
      expect(setCookie(res, SESSION)).toBeUndefined()
    })

    it("GET with pages.signOut redirects there", async () => {
      const browser = new Browser(makeConfig({ pages: { signOut: "/bye" } }))
      const res = await browser.send(`${BASE}/signout`)
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/bye`)
    })

    it("POST ends the session: cookie cleared, (database) row deleted, redirect to callbackUrl", async () => {
      const { browser, user } = await signedIn()
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signout`, { form: { csrfToken, callbackUrl: "/goodbye" } })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/goodbye`)
      const cleared = setCookie(res, SESSION)!
      expect(isDeletion(cleared)).toBe(true)
      expect(cleared.value).toBe("")
      expectBaseAttributes(cleared, false)
      if (isDb) {
        expect(await sessionRows(user.id)).toEqual([])
        expect(await prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull()
      }
      expect(await (await browser.send(`${BASE}/session`)).text()).toBe("null")
    })

    it("POST on https clears the __Secure- cookie", async () => {
      const { browser } = await signedIn({}, HTTPS_ORIGIN)
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signout`, { form: { csrfToken } })
      const cleared = setCookie(res, `__Secure-${SESSION}`)!
      expect(isDeletion(cleared)).toBe(true)
      expectBaseAttributes(cleared, true)
    })

    it("POST without a session still redirects and clears the cookie", async () => {
      const browser = new Browser(makeConfig())
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signout`, { form: { csrfToken } })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(ORIGIN)
      expect(isDeletion(setCookie(res, SESSION)!)).toBe(true)
    })
  })

  // -------------------------------------------------------------------------
  describe("GET /error and /verify-request", () => {
    it.each([
      ["AccessDenied", 403, "Access denied"],
      ["Verification", 403, "no longer valid"],
      ["Configuration", 500, "server configuration"],
      ["SomethingElse", 200, "Something went wrong"],
      ["", 200, "Something went wrong"],
    ])("?error=%s → %i", async (type, status, text) => {
      const browser = new Browser(makeConfig())
      const res = await browser.send(`${BASE}/error?error=${type}`)
      expect(res.status).toBe(status)
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8")
      const html = await res.text()
      expect(html).toContain(text)
      expectNoInternals(html)
    })

    it("pages.error gets the type URL-encoded", async () => {
      const browser = new Browser(makeConfig({ pages: { error: "/oops" } }))
      const res = await browser.send(`${BASE}/error?error=${encodeURIComponent("A&b=<c>")}`)
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/oops?error=A%26b%3D%3Cc%3E`)
    })

    it("sign-in errors go to pages.signIn / pages.error when set", async () => {
      const user = await newUser()
      const browser = new Browser(
        makeConfig({ user, pages: { signIn: "/login", error: "/oops" }, callbacks: { signIn: () => false } }),
      )
      const bad = await browser.signInWithCredentials({ password: "wrong" })
      expect(bad.headers.get("location")).toBe(`${ORIGIN}/login?error=CredentialsSignin&code=credentials`)
      const denied = await browser.signInWithCredentials({ email: user.email, password: "correct" })
      expect(denied.headers.get("location")).toBe(`${ORIGIN}/oops?error=AccessDenied`)
    })

    it("GET /verify-request with pages.verifyRequest redirects with the same query", async () => {
      const browser = new Browser(makeConfig({ pages: { verifyRequest: "/check-inbox" } }))
      const res = await browser.send(`${BASE}/verify-request?provider=email&type=email`)
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/check-inbox?provider=email&type=email`)
    })
  })

  // -------------------------------------------------------------------------
  describe("expired sessions", () => {
    it.runIf(isDb)("database: a row past its expiry → null, row deleted, cookie cleared", async () => {
      const user = await newUser()
      const sessionToken = randomUUID()
      await prisma.session.create({ data: { sessionToken, userId: user.id, expires: new Date(Date.now() - 1000) } })
      const browser = new Browser(makeConfig())
      browser.jar.set(SESSION, sessionToken)
      const res = await browser.send(`${BASE}/session`)
      expect(await res.text()).toBe("null")
      expect(isDeletion(setCookie(res, SESSION)!)).toBe(true)
      expect(await prisma.session.findUnique({ where: { sessionToken } })).toBeNull()
      expect(await prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull()
    })

    it.runIf(!isDb)("jwt: a token past exp + 15 s → null and the cookie cleared", async () => {
      const { logger, errors } = recordingLogger()
      const browser = new Browser(makeConfig({ logger }))
      const now = nowSeconds()
      browser.jar.set(SESSION, await craftToken({ sub: "u1", name: "Old" }, { iat: now - 100, exp: now - 20 }))
      const res = await browser.send(`${BASE}/session`)
      expect(await res.text()).toBe("null")
      expect(isDeletion(setCookie(res, SESSION)!)).toBe(true)
      // Not an error line per request: a client can replay an old cookie at will (warned once per process).
      expect(errors).toEqual([])
    })

    it.runIf(!isDb)("jwt: a token a few seconds past exp is still inside the 15 s tolerance", async () => {
      const browser = new Browser(makeConfig())
      const now = nowSeconds()
      browser.jar.set(SESSION, await craftToken({ sub: "u1", name: "Skewed" }, { iat: now - 100, exp: now - 5 }))
      const res = await browser.send(`${BASE}/session`)
      const body = (await res.json()) as Session
      expect(body.user?.name).toBe("Skewed")
    })
  })

  // -------------------------------------------------------------------------
  describe.runIf(isDb)("a failing database", () => {
    it("GET /session: logged as AdapterError, nothing leaked, and the session cookie is kept", async () => {
      const { browser, user } = await signedIn()
      const { logger, errors } = recordingLogger()
      // The app's adapter, whose database has just gone away.
      const down = async (): Promise<never> => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432 at /srv/app/db.ts:12")
      }
      // Both lookups: the library reads through getSessionDetails where the adapter has it.
      const failing: Adapter = { ...adapter, getSessionAndUser: down, getSessionDetails: down }
      browser.config = { ...browser.config, adapter: failing, logger }
      const res = await browser.send(`${BASE}/session`)
      const body = await res.text()
      expect(res.status).toBeLessThan(500)
      expectNoInternals(body)
      expect(res.headers.get("location") ?? "").not.toContain("ECONNREFUSED")
      // A transient outage must not sign the user out.
      expect(setCookie(res, SESSION)).toBeUndefined()
      expect(errors.map((e) => (e as { type?: string }).type)).toContain("AdapterError")
      expect(await sessionRows(user.id)).toHaveLength(1)
    })
  })

  // -------------------------------------------------------------------------
  describe("updateAge", () => {
    it.runIf(isDb)("database, updateAge 0: the expiry is written and the cookie re-set on every access", async () => {
      const user = await newUser()
      const sessionToken = randomUUID()
      const initial = new Date(Date.now() + (MAX_AGE - 3600) * 1000)
      await prisma.session.create({ data: { sessionToken, userId: user.id, expires: initial } })
      // An absolute lifetime longer than maxAge, so the expiry has room to slide (the default is maxAge's 30 days).
      const browser = new Browser(makeConfig({ session: { updateAge: 0, absoluteMaxAge: 2 * MAX_AGE } }))
      browser.jar.set(SESSION, sessionToken)

      const first = await browser.send(`${BASE}/session`)
      const afterFirst = (await prisma.session.findUnique({ where: { sessionToken } }))!.expires
      expect(afterFirst.valueOf()).toBeGreaterThan(initial.valueOf())
      expect(Math.abs(afterFirst.valueOf() - (Date.now() + MAX_AGE * 1000))).toBeLessThan(5000)
      const cookie = setCookie(first, SESSION)!
      expect(decodeURIComponent(cookie.value)).toBe(sessionToken)
      expect(Date.parse(cookie.attributes.expires as string)).toBe(Math.floor(afterFirst.valueOf() / 1000) * 1000)
      expect(((await first.json()) as Session).expires).toBe(afterFirst.toISOString())

      await new Promise((r) => setTimeout(r, 20))
      const second = await browser.send(`${BASE}/session`)
      const afterSecond = (await prisma.session.findUnique({ where: { sessionToken } }))!.expires
      expect(afterSecond.valueOf()).toBeGreaterThan(afterFirst.valueOf())
      expect(setCookie(second, SESSION)).toBeDefined()
    })

    it.runIf(isDb)("database, default updateAge: a session last extended over a day ago slides once", async () => {
      const user = await newUser()
      const sessionToken = randomUUID()
      const initial = new Date(Date.now() + (MAX_AGE - DAY - 60) * 1000)
      await prisma.session.create({ data: { sessionToken, userId: user.id, expires: initial } })
      const browser = new Browser(makeConfig())
      browser.jar.set(SESSION, sessionToken)

      const first = await browser.send(`${BASE}/session`)
      const slid = (await prisma.session.findUnique({ where: { sessionToken } }))!.expires
      expect(Math.abs(slid.valueOf() - (Date.now() + MAX_AGE * 1000))).toBeLessThan(5000)
      expect(setCookie(first, SESSION)).toBeDefined()

      const second = await browser.send(`${BASE}/session`)
      expect((await prisma.session.findUnique({ where: { sessionToken } }))!.expires).toEqual(slid)
      expect(setCookie(second, SESSION)).toBeUndefined()
    })

    it.runIf(isDb)("database, default updateAge: a session extended recently is not written", async () => {
      const user = await newUser()
      const sessionToken = randomUUID()
      const initial = new Date(Date.now() + (MAX_AGE - DAY + 600) * 1000)
      await prisma.session.create({ data: { sessionToken, userId: user.id, expires: initial } })
      const browser = new Browser(makeConfig())
      browser.jar.set(SESSION, sessionToken)
      const res = await browser.send(`${BASE}/session`)
      expect(((await res.json()) as Session).expires).toBe(initial.toISOString())
      expect(setCookie(res, SESSION)).toBeUndefined()
      expect((await prisma.session.findUnique({ where: { sessionToken } }))!.expires).toEqual(initial)
    })

    it.runIf(!isDb)("jwt, updateAge 0: the cookie is re-issued on every GET", async () => {
      const { browser } = await signedIn({ session: { updateAge: 0 } })
      const before = browser.sessionValue()
      const res = await browser.send(`${BASE}/session`)
      const cookie = setCookie(res, SESSION)!
      expect(cookie).toBeDefined()
      expect(expiresDrift(cookie.attributes.expires, MAX_AGE)).toBeLessThan(10)
      expect(decodeURIComponent(cookie.value)).not.toBe(before)
      expect(setCookie(await browser.send(`${BASE}/session`), SESSION)).toBeDefined()
    })

    it.runIf(!isDb)("jwt: a token older than updateAge is re-issued with a fresh exp", async () => {
      const browser = new Browser(makeConfig())
      const now = nowSeconds()
      const iat = now - DAY - 10
      browser.jar.set(SESSION, await craftToken({ sub: "u1", name: "Old" }, { iat, exp: iat + MAX_AGE }))
      const res = await browser.send(`${BASE}/session`)
      const body = (await res.json()) as Session
      expect(Math.abs(Date.parse(body.expires) / 1000 - (now + MAX_AGE))).toBeLessThan(5)
      const cookie = setCookie(res, SESSION)!
      const token = await decode({ token: decodeURIComponent(cookie.value), secret: SECRET, salt: SESSION })
      expect(token!.iat).toBeGreaterThanOrEqual(now)
      expect(token!.name).toBe("Old")
    })

    it.runIf(!isDb)("jwt: a young token is not re-issued and the body keeps its exp", async () => {
      const browser = new Browser(makeConfig())
      const now = nowSeconds()
      const exp = now - 3600 + MAX_AGE
      browser.jar.set(SESSION, await craftToken({ sub: "u1", name: "Young" }, { iat: now - 3600, exp }))
      const res = await browser.send(`${BASE}/session`)
      expect(setCookie(res, SESSION)).toBeUndefined()
      expect(((await res.json()) as Session).expires).toBe(new Date(exp * 1000).toISOString())
    })

    it.runIf(!isDb)("jwt: a jwt callback that changes the token re-issues the cookie", async () => {
      let visits = 0
      const { browser } = await signedIn({ callbacks: { jwt: ({ token }) => ({ ...token, visits: visits++ }) } })
      const res = await browser.send(`${BASE}/session`)
      const cookie = setCookie(res, SESSION)!
      const token = await decode({ token: decodeURIComponent(cookie.value), secret: SECRET, salt: SESSION })
      expect(token!.visits).toBe(1)
    })
  })

  // -------------------------------------------------------------------------
  describe.runIf(!isDb)("chunked session cookies", () => {
    it("a ~8 KB claim splits the cookie into .0/.1/.2, reads back, and shrinking clears the chunks", async () => {
      const big = Array.from({ length: 8000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join("")
      const { browser, res } = await signedIn({
        callbacks: {
          jwt: ({ token, trigger, session }) => {
            if (trigger === "signIn") return { ...token, big }
            if (trigger === "update" && (session as { shrink?: boolean } | undefined)?.shrink) {
              const { big: _drop, ...rest } = token
              return rest
            }
            return token
          },
          session: ({ session, token }) => ({ ...session, bigLength: typeof token.big === "string" ? token.big.length : 0 }),
        },
      })
      const chunks = setCookies(res).filter((c) => c.name.startsWith(SESSION))
      expect(chunks.map((c) => c.name)).toEqual([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`])
      for (const chunk of chunks) {
        expectBaseAttributes(chunk, false)
        expect(chunk.value.length).toBeLessThanOrEqual(4096 - 160)
        expect(expiresDrift(chunk.attributes.expires, MAX_AGE)).toBeLessThan(10)
      }

      const read = await browser.send(`${BASE}/session`)
      expect(((await read.json()) as { bigLength: number }).bigLength).toBe(8000)
      const token = await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION })
      expect(token!.big).toBe(big)

      const csrfToken = await browser.csrfToken()
      const shrink = await browser.send(`${BASE}/session`, { json: { csrfToken, data: { shrink: true } } })
      expect(shrink.status).toBe(200)
      expect(((await shrink.json()) as { bigLength: number }).bigLength).toBe(0)
      const written = setCookies(shrink).filter((c) => c.name.startsWith(SESSION))
      expect(written.find((c) => c.name === SESSION && !isDeletion(c))).toBeDefined()
      for (const name of [`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`]) {
        const deletion = written.find((c) => c.name === name)
        expect(deletion && isDeletion(deletion), name).toBe(true)
      }
      expect([...browser.jar.keys()].filter((n) => n.startsWith(SESSION))).toEqual([SESSION])
      const after = await browser.send(`${BASE}/session`)
      expect(((await after.json()) as { user: { email: string } }).user.email).toMatch(/@example\.test$/)
    })
  })

  // -------------------------------------------------------------------------
  describe("POST /session (update)", () => {
    it("passes data to the callbacks with trigger update; jwt re-issues, database persists the name", async () => {
      const jwtCalls: unknown[] = []
      const sessionCalls: unknown[] = []
      const { browser, user } = await signedIn({
        callbacks: {
          jwt: (params) => {
            jwtCalls.push(params)
            const { token, trigger, session } = params
            if (trigger === "update") {
              const name = (session as { user?: { name?: string } }).user?.name
              return name ? { ...token, name } : token
            }
            return token
          },
          session: (params) => {
            sessionCalls.push(params)
            return { ...params.session, sawTrigger: params.trigger ?? null }
          },
        },
      })
      jwtCalls.length = 0
      const csrfToken = await browser.csrfToken()
      const data = { user: { name: "Grace Hopper" } }
      const res = await browser.send(`${BASE}/session`, { json: { csrfToken, data } })
      expect(res.status).toBe(200)
      const body = (await res.json()) as Session & { sawTrigger: string | null }
      expect(body.user?.name).toBe("Grace Hopper")
      expect(body.sawTrigger).toBe("update")
      expect(sessionCalls.at(-1)).toMatchObject({ newSession: data, trigger: "update" })

      if (isDb) {
        expect(jwtCalls).toEqual([])
        expect((await prisma.user.findUnique({ where: { id: user.id } }))!.name).toBe("Grace Hopper")
      } else {
        expect(jwtCalls).toEqual([{ token: expect.objectContaining({ sub: user.id }), session: data, trigger: "update" }])
        const cookie = setCookie(res, SESSION)!
        expect(cookie).toBeDefined()
        const token = await decode({ token: decodeURIComponent(cookie.value), secret: SECRET, salt: SESSION })
        expect(token!.name).toBe("Grace Hopper")
      }
      const again = (await (await browser.send(`${BASE}/session`)).json()) as Session & { sawTrigger: string | null }
      expect(again.user?.name).toBe("Grace Hopper")
      expect(again.sawTrigger).toBeNull()
    })

    it("accepts a form body too and data given flat ({name})", async () => {
      const { browser, user } = await signedIn({
        callbacks: {
          jwt: ({ token, trigger, session }) =>
            trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
        },
      })
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/session`, { json: { csrfToken, data: { name: "Flat Name" } } })
      expect(((await res.json()) as Session).user?.name).toBe("Flat Name")
      if (isDb) expect((await prisma.user.findUnique({ where: { id: user.id } }))!.name).toBe("Flat Name")
    })

    it.runIf(isDb)("database: image persists; email and other fields are not touched", async () => {
      const { browser, user } = await signedIn()
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/session`, {
        json: {
          csrfToken,
          data: { user: { image: "https://img.example.test/new.png", email: "attacker@evil.example", id: "other" } },
        },
      })
      expect(res.status).toBe(200)
      const row = (await prisma.user.findUnique({ where: { id: user.id } }))!
      expect(row.image).toBe("https://img.example.test/new.png")
      expect(row.email).toBe(user.email)
      expect(row.name).toBe(user.name)
    })

    it("without a session: 200 null", async () => {
      const browser = new Browser(makeConfig())
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/session`, { json: { csrfToken, data: { name: "x" } } })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe("null")
    })
  })

  // -------------------------------------------------------------------------
  describe("events", () => {
    it("signIn, session, signOut (and updateUser for database) fire with the documented fields", async () => {
      const fired: Array<[string, Record<string, unknown>]> = []
      const record = (name: string) => (message: unknown) => void fired.push([name, message as Record<string, unknown>])
      const user = await newUser()
      const { browser } = await signedIn({
        user,
        events: {
          signIn: record("signIn"),
          signOut: record("signOut"),
          session: record("session"),
          updateUser: record("updateUser"),
          createUser: record("createUser"),
          linkAccount: record("linkAccount"),
        },
      })
      expect(fired).toEqual([
        [
          "signIn",
          {
            user: expect.objectContaining({ id: user.id, email: user.email, name: user.name }),
            account: { providerAccountId: user.id, type: "credentials", provider: "credentials" },
          },
        ],
      ])

      fired.length = 0
      await browser.send(`${BASE}/session`)
      expect(fired).toHaveLength(1)
      const [name, message] = fired[0]
      expect(name).toBe("session")
      expect(message.session).toMatchObject({ user: { email: user.email } })
      if (!isDb) expect(message.token).toMatchObject({ sub: user.id, email: user.email })

      fired.length = 0
      const csrfToken = await browser.csrfToken()
      await browser.send(`${BASE}/session`, { json: { csrfToken, data: { user: { name: "Renamed" } } } })
      if (isDb) {
        expect(fired.map(([n]) => n)).toEqual(["updateUser", "session"])
        expect(fired[0][1]).toEqual({ user: expect.objectContaining({ id: user.id, name: "Renamed" }) })
      } else {
        expect(fired.map(([n]) => n)).toEqual(["session"])
      }

      fired.length = 0
      const sessionToken = browser.jar.get(SESSION)
      await browser.send(`${BASE}/signout`, { form: { csrfToken } })
      expect(fired.map(([n]) => n)).toEqual(["signOut"])
      if (isDb) {
        expect(fired[0][1]).toEqual({
          session: expect.objectContaining({ sessionToken: decodeURIComponent(sessionToken!), userId: user.id }),
        })
      } else {
        expect(fired[0][1]).toEqual({ token: expect.objectContaining({ sub: user.id, email: user.email }) })
      }
      // Credentials sign-in never creates users or links accounts.
      expect(fired.some(([n]) => n === "createUser" || n === "linkAccount")).toBe(false)
    })

    it("an event handler that throws is logged and does not break sign-in, session or sign-out", async () => {
      const { logger, errors } = recordingLogger()
      const boom = () => {
        throw new Error("audit log unavailable")
      }
      const { browser, res, user } = await signedIn({
        logger,
        events: { signIn: boom, session: boom, signOut: boom },
      })
      expect(res.headers.get("location")).toBe(ORIGIN)
      expect(setCookie(res, SESSION)).toBeDefined()
      if (isDb) expect(await sessionRows(user.id)).toHaveLength(1)
      const session = await browser.send(`${BASE}/session`)
      expect(((await session.json()) as Session).user?.email).toBe(user.email)
      const csrfToken = await browser.csrfToken()
      const out = await browser.send(`${BASE}/signout`, { form: { csrfToken } })
      expect(out.headers.get("location")).toBe(ORIGIN)
      expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["EventError", "EventError", "EventError"])
      expect((errors[0] as { cause?: { err?: Error } }).cause?.err?.message).toBe("audit log unavailable")
    })
  })
})

// ---------------------------------------------------------------------------
// Configuration errors (no strategy matrix needed: each one is about the config)
// ---------------------------------------------------------------------------
describe("configuration errors", () => {
  const provider = Credentials({ authorize: () => null })
  const secretVars = {
    AUTH_SECRET: undefined,
    AUTH_SECRET_1: undefined,
    AUTH_SECRET_2: undefined,
    AUTH_SECRET_3: undefined,
    NEXTAUTH_SECRET: undefined,
  }

  async function expectConfigurationResponses(config: AuthConfig) {
    const session = await Auth(new Request(`${ORIGIN}/auth/session`), config)
    expect(session.status).toBe(500)
    expect(session.headers.get("content-type")).toMatch(/^application\/json/)
    const text = await session.text()
    expect(JSON.parse(text)).toEqual({ message: expect.stringMatching(/server configuration/) })
    expectNoInternals(text)

    const page = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8")
    const html = await page.text()
    expect(html).toContain("server configuration")
    expectNoInternals(html)
    return { sessionBody: text, html }
  }

  it("missing secret in production → MissingSecret: 500 JSON for /session, the Configuration page for /signin", async () => {
    const { logger, errors } = recordingLogger()
    await withEnv({ ...secretVars, NODE_ENV: "production" }, async () => {
      const config: AuthConfig = { providers: [provider], trustHost: true, logger, secret: undefined }
      const { sessionBody, html } = await expectConfigurationResponses(config)
      // The message meant for the operator stays in the log.
      expect(sessionBody).not.toContain("AUTH_SECRET")
      expect(html).not.toContain("AUTH_SECRET")
    })
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.every((e) => (e as { type?: string }).type === "MissingSecret")).toBe(true)
    expect(errors[0].message).toMatch(/AUTH_SECRET/)
  })

  it("with the secret in the environment the same config works (env read at resolution)", async () => {
    await withEnv({ ...secretVars, AUTH_SECRET: SECRET, NODE_ENV: "production" }, async () => {
      const res = await Auth(new Request(`${ORIGIN}/auth/session`), { providers: [provider], trustHost: true })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe("null")
    })
  })

  it("a custom pages.error receives GET page requests with error=Configuration", async () => {
    await withEnv({ ...secretVars, NODE_ENV: "production" }, async () => {
      const config: AuthConfig = {
        providers: [provider],
        trustHost: true,
        pages: { error: "/oops" },
        logger: recordingLogger().logger,
      }
      const res = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/oops?error=Configuration`)
    })
  })

  it("trustHost false → UntrustedHost", async () => {
    const { logger, errors } = recordingLogger()
    await expectConfigurationResponses({ providers: [provider], secret: SECRET, trustHost: false, logger })
    expect((errors[0] as { type?: string }).type).toBe("UntrustedHost")
  })

  it("AUTH_TRUST_HOST=false in production without AUTH_URL → UntrustedHost", async () => {
    const { logger, errors } = recordingLogger()
    await withEnv(
      { AUTH_TRUST_HOST: "false", NODE_ENV: "production", AUTH_URL: undefined, NEXTAUTH_URL: undefined },
      async () => {
        await expectConfigurationResponses({ providers: [provider], secret: SECRET, logger })
      },
    )
    expect((errors[0] as { type?: string }).type).toBe("UntrustedHost")
  })

  it("database strategy without an adapter → MissingAdapter", async () => {
    const { logger, errors } = recordingLogger()
    await expectConfigurationResponses({
      providers: [provider],
      secret: SECRET,
      trustHost: true,
      session: { strategy: "database" },
      logger,
    })
    expect((errors[0] as { type?: string }).type).toBe("MissingAdapter")
  })

  it("an adapter lacking methods → MissingAdapterMethods naming each missing method", async () => {
    const { logger, errors } = recordingLogger()
    const partial: Adapter = {
      createSession: async (s) => s,
      getSessionAndUser: async () => null,
    }
    await expectConfigurationResponses({ providers: [provider], secret: SECRET, trustHost: true, adapter: partial, logger })
    const error = errors[0] as Error & { type?: string }
    expect(error.type).toBe("MissingAdapterMethods")
    expect(error.message).toContain("updateSession")
    expect(error.message).toContain("deleteSession")
    expect(error.message).not.toContain("createSession")
  })

  it("X-Auth-Return-Redirect does not turn a configuration error into a 200", async () => {
    const res = await Auth(
      new Request(`${ORIGIN}/auth/session`, { headers: { "X-Auth-Return-Redirect": "1" } }),
      { providers: [provider], secret: SECRET, trustHost: false, logger: recordingLogger().logger },
    )
    expect(res.status).toBe(500)
  })
})
