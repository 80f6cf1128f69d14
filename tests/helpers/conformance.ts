/**
 * The endpoint conformance table every framework variant must pass: the core
 * called directly, the Next.js route handlers, the Express middleware on a
 * real server, and SvelteKit's handle and route handlers. One list of cases,
 * run by each variant's own test file through a Driver, under both session
 * strategies (database on a real SQLite file behind the Prisma adapter).
 *
 * A case speaks only HTTP through a cookie-keeping Browser, so what it checks
 * is what a user's browser (or an attacker's script) would see.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter, AuthConfig, Session } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import {
  BASE,
  Browser,
  expectBaseAttributes,
  expectNoInternals,
  isDeletion,
  recordingLogger,
  SECRET,
  setCookie,
  type TestPrisma,
  type Transport,
} from "@/tests/integration/auth/support"

const SESSION = "authjs.session-token"
const CSRF = "authjs.csrf-token"

/** A variant mounted for one configuration: where it answers, and how a request reaches it. */
export interface Mounted {
  /** The origin the variant sees requests on, e.g. http://127.0.0.1:41234. */
  origin: string
  send: Transport
}

/**
 * How a variant is driven. `mount` is called once per case with the case's
 * config (base path /auth); `stop` once after the table.
 */
export interface Driver {
  mount(config: AuthConfig): Promise<Mounted>
  stop?(): Promise<void>
}

export interface CaseContext {
  strategy: "jwt" | "database"
  isDb: boolean
  prisma?: TestPrisma
  /** Config for this strategy; credentials accept password "correct" for `user`. */
  config(options?: Partial<AuthConfig> & { user?: TestUser }): AuthConfig
  newUser(): Promise<TestUser>
  /** A fresh browser talking to the variant mounted with `config`. */
  browser(config: AuthConfig): Promise<Browser>
  /** A browser signed in with credentials as a fresh user. */
  signedIn(options?: Partial<AuthConfig>): Promise<{ browser: Browser; user: TestUser }>
}

export interface TestUser {
  id: string
  name: string
  email: string
  image: string | null
}

export interface ConformanceCase {
  name: string
  run(t: CaseContext): Promise<void>
}

async function json<T>(res: Response): Promise<T> {
  expect(res.headers.get("content-type")).toMatch(/^application\/json/)
  return (await res.json()) as T
}

/** The table. Each case names the behaviour every variant must show. */
export const conformanceCases: ConformanceCase[] = [
  {
    name: "GET /providers lists each provider with URLs on the variant's origin, and sets no cookie",
    async run(t) {
      const browser = await t.browser(t.config())
      const res = await browser.send(`${BASE}/providers`)
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({
        credentials: {
          id: "credentials",
          name: "Credentials",
          type: "credentials",
          signinUrl: `${browser.origin}/auth/signin/credentials`,
          callbackUrl: `${browser.origin}/auth/callback/credentials`,
        },
      })
      expect(res.headers.getSetCookie()).toEqual([])
    },
  },
  {
    name: "GET /csrf returns a token, no-cache headers and the hashed CSRF cookie; a second call keeps it",
    async run(t) {
      const browser = await t.browser(t.config())
      const res = await browser.send(`${BASE}/csrf`)
      expect(res.status).toBe(200)
      expect(res.headers.get("cache-control")).toBe("private, no-cache, no-store")
      const { csrfToken } = await json<{ csrfToken: string }>(res)
      expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
      const cookie = setCookie(res, CSRF)!
      expectBaseAttributes(cookie, false)
      expect(decodeURIComponent(cookie.value).split("|")[0]).toBe(csrfToken)
      const again = await browser.send(`${BASE}/csrf`)
      expect((await json<{ csrfToken: string }>(again)).csrfToken).toBe(csrfToken)
      expect(again.headers.getSetCookie()).toEqual([])
    },
  },
  {
    name: "GET /session without a cookie: 200 null with no-cache headers, no Set-Cookie",
    async run(t) {
      const browser = await t.browser(t.config())
      const res = await browser.send(`${BASE}/session`)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toMatch(/^application\/json/)
      expect(res.headers.get("cache-control")).toBe("private, no-cache, no-store")
      expect(res.headers.get("pragma")).toBe("no-cache")
      expect(res.headers.get("expires")).toBe("0")
      expect(await res.text()).toBe("null")
      expect(res.headers.getSetCookie()).toEqual([])
    },
  },
  {
    name: "credentials sign-in: 302 to the callback URL, an HttpOnly Lax session cookie, then GET /session has the user",
    async run(t) {
      const user = await t.newUser()
      const browser = await t.browser(t.config({ user }))
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/callback/credentials`, {
        form: { csrfToken, email: user.email, password: "correct", callbackUrl: "/dashboard" },
      })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${browser.origin}/dashboard`)
      const cookie = setCookie(res, SESSION)!
      expectBaseAttributes(cookie, false)
      const session = await json<Session>(await browser.send(`${BASE}/session`))
      // Not in Auth.js: the library adds the user's roles.
      expect(session.user).toEqual({ name: user.name, email: user.email, image: user.image, roles: ["user"] })
      if (t.isDb) {
        const rows = await t.prisma!.session.findMany({ orderBy: { sessionToken: "asc" }, where: { userId: user.id } })
        expect(rows.map((row) => row.sessionToken)).toEqual([decodeURIComponent(cookie.value)])
      }
    },
  },
  {
    name: "credentials sign-in with a JSON body and X-Auth-Return-Redirect: 200 {url} and the cookie",
    async run(t) {
      const user = await t.newUser()
      const browser = await t.browser(t.config({ user }))
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/callback/credentials`, {
        json: { csrfToken, email: user.email, password: "correct", callbackUrl: "/next?x=1" },
        headers: { "X-Auth-Return-Redirect": "1" },
      })
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ url: `${browser.origin}/next?x=1` })
      expect(setCookie(res, SESSION)).toBeDefined()
    },
  },
  {
    name: "a wrong password lands on the sign-in page with error=CredentialsSignin&code=credentials, no session",
    async run(t) {
      const user = await t.newUser()
      const browser = await t.browser(t.config({ user }))
      const res = await browser.signInWithCredentials({ email: user.email, password: "wrong" })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${browser.origin}/auth/signin?error=CredentialsSignin&code=credentials`)
      expect(setCookie(res, SESSION)).toBeUndefined()
    },
  },
  {
    name: "a sign-in POST without a valid CSRF token is refused with MissingCSRF",
    async run(t) {
      const user = await t.newUser()
      const browser = await t.browser(t.config({ user }))
      await browser.csrfToken()
      const res = await browser.send(`${BASE}/callback/credentials`, {
        form: { csrfToken: "0".repeat(64), email: user.email, password: "correct" },
      })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${browser.origin}/auth/signin?error=MissingCSRF`)
      expect(setCookie(res, SESSION)).toBeUndefined()
    },
  },
  {
    name: "GET /signin renders the built-in page with the CSRF token and the variant's URLs",
    async run(t) {
      const browser = await t.browser(t.config())
      const res = await browser.send(`${BASE}/signin?callbackUrl=${encodeURIComponent("/after")}`)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(res.headers.get("x-frame-options")).toBe("DENY")
      const html = await res.text()
      const token = decodeURIComponent(setCookie(res, CSRF)!.value).split("|")[0]
      expect(html).toContain(`name="csrfToken" value="${token}"`)
      expect(html).toContain(`action="${browser.origin}/auth/callback/credentials"`)
      expect(html).toContain(`name="callbackUrl" value="${browser.origin}/after"`)
    },
  },
  {
    name: "GET /signout renders a confirmation form and signs no one out",
    async run(t) {
      const { browser } = await t.signedIn()
      const res = await browser.send(`${BASE}/signout`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain(`action="${browser.origin}/auth/signout"`)
      expect(setCookie(res, SESSION)).toBeUndefined()
    },
  },
  {
    name: "POST /signout clears the cookie, (database) deletes the row and redirects to callbackUrl",
    async run(t) {
      const { browser, user } = await t.signedIn()
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signout`, { form: { csrfToken, callbackUrl: "/goodbye" } })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${browser.origin}/goodbye`)
      expect(isDeletion(setCookie(res, SESSION)!)).toBe(true)
      if (t.isDb) {
        expect(await t.prisma!.session.findMany({ orderBy: { sessionToken: "asc" }, where: { userId: user.id } })).toEqual([])
      }
      expect(await (await browser.send(`${BASE}/session`)).text()).toBe("null")
    },
  },
  {
    name: "POST /session updates the session (trigger update) and the next read sees it",
    async run(t) {
      const { browser } = await t.signedIn({
        callbacks: {
          jwt: ({ token, trigger, session }) => {
            const name = (session as { user?: { name?: string } } | undefined)?.user?.name
            return trigger === "update" && name ? { ...token, name } : token
          },
        },
      })
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/session`, { json: { csrfToken, data: { user: { name: "Grace Hopper" } } } })
      expect(res.status).toBe(200)
      expect((await json<Session>(res)).user?.name).toBe("Grace Hopper")
      expect((await json<Session>(await browser.send(`${BASE}/session`))).user?.name).toBe("Grace Hopper")
    },
  },
  {
    name: "GET /error renders the error page with the type's status and no internals",
    async run(t) {
      const browser = await t.browser(t.config())
      const res = await browser.send(`${BASE}/error?error=AccessDenied`)
      expect(res.status).toBe(403)
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8")
      const html = await res.text()
      expect(html).toContain("Access denied")
      expectNoInternals(html)
    },
  },
  {
    name: "GET /verify-request renders the check-your-email page",
    async run(t) {
      const browser = await t.browser(t.config())
      const res = await browser.send(`${BASE}/verify-request?provider=email&type=email`)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(await res.text()).toMatch(/check your email/i)
    },
  },
  {
    name: "an unknown provider on /signin goes back to the sign-in page",
    async run(t) {
      const browser = await t.browser(t.config())
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signin/nope`, { form: { csrfToken } })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${browser.origin}/auth/signin`)
    },
  },
  {
    name: "bad input is a 4xx without internals: unknown action, malformed JSON, oversized body, PUT",
    async run(t) {
      const browser = await t.browser(t.config())
      const answers = [
        await browser.send(`${BASE}/nope`),
        await browser.send(`${BASE}/callback/credentials`, {
          body: '{"csrfToken":',
          headers: { "content-type": "application/json" },
        }),
        await browser.send(`${BASE}/callback/credentials`, {
          body: `csrfToken=${"a".repeat(70 * 1024)}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        await browser.send(`${BASE}/session`, { method: "PUT", body: "x", headers: { "content-type": "text/plain" } }),
      ]
      for (const res of answers) {
        expect(res.status, res.url).toBeGreaterThanOrEqual(400)
        expect(res.status, res.url).toBeLessThan(500)
        expectNoInternals(await res.text())
      }
      expect(answers[2].status).toBe(413)
    },
  },
]

/**
 * Runs the table against one variant, under the jwt strategy and the database
 * strategy (Prisma adapter on a real SQLite file).
 */
export function runConformance(label: string, makeDriver: () => Promise<Driver>): void {
  describe.each([{ strategy: "jwt" as const }, { strategy: "database" as const }])(
    `${label}: endpoint conformance with the $strategy strategy`,
    ({ strategy }) => {
      const isDb = strategy === "database"
      let driver: Driver
      let db: TestDatabase | undefined
      let adapter: Adapter | undefined

      beforeAll(async () => {
        driver = await makeDriver()
        if (isDb) {
          db = await createTestDatabase("sqlite")
          adapter = PrismaAdapter(db.prisma)
        }
      })
      afterAll(async () => {
        await driver?.stop?.()
        await db?.cleanup()
      })

      const context: CaseContext = {
        strategy,
        isDb,
        get prisma() {
          return db?.prisma as unknown as TestPrisma | undefined
        },
        config(options = {}) {
          const { user, session, ...rest } = options
          return {
            secret: SECRET,
            trustHost: true,
            basePath: BASE,
            logger: recordingLogger().logger,
            providers: [
              Credentials({
                credentials: { email: {}, password: {} },
                authorize: async (credentials) =>
                  user && credentials.email === user.email && credentials.password === "correct" ? { ...user } : null,
              }),
            ],
            ...(isDb ? { adapter } : {}),
            session: { strategy, ...session },
            ...rest,
          }
        },
        async newUser() {
          const data = {
            email: `conformance-${randomUUID().slice(0, 8)}@example.test`,
            name: "Ada Lovelace",
            image: "https://img.example.test/ada.png",
          }
          if (!isDb) return { id: randomUUID(), ...data }
          const row = await (db!.prisma as unknown as TestPrisma).user.create({ data })
          return { id: row.id, name: row.name ?? "", email: row.email, image: row.image }
        },
        async browser(config) {
          const mounted = await driver.mount(config)
          return new Browser(config, mounted.origin, mounted.send)
        },
        async signedIn(options = {}) {
          const user = await context.newUser()
          const browser = await context.browser(context.config({ ...options, user }))
          const res = await browser.signInWithCredentials({ email: user.email, password: "correct" })
          expect(res.status).toBe(302)
          expect(setCookie(res, SESSION)).toBeDefined()
          return { browser, user }
        },
      }

      for (const testCase of conformanceCases) {
        it(testCase.name, () => testCase.run(context))
      }
    },
  )
}
