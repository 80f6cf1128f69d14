// The database goes away mid-run: a TCP proxy of the test's own sits between the library and
// PostgreSQL, and is cut and restored. Each test is cut → assert → restore → assert.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createPrismaClient, type DbClient } from "@/lib/db/client"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startTcpProxy, type TcpProxy } from "@/tests/helpers/tcp-proxy"
import { BASE, Browser, expectNoInternals } from "./support"

vi.setConfig({ testTimeout: 60_000 })

const PASSWORD = "outage test passphrase 42"

describe("database outage between the library and PostgreSQL", () => {
  let db: TestDatabase
  let proxy: TcpProxy
  let viaProxy: DbClient
  const errors: Array<{ code: string; message: unknown[] }> = []
  const warnings: string[] = []
  const logger = {
    error: (code: string, ...message: unknown[]) => void errors.push({ code, message }),
    warn: (code: string) => void warnings.push(code),
    debug: () => {},
  }

  beforeAll(async () => {
    db = await createTestDatabase("postgresql")
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 })
    viaProxy = createPrismaClient(db.url.replace("127.0.0.1:5432", `127.0.0.1:${proxy.port}`))
    const created = await signUp(db.prisma, { email: "olive@example.com", name: "Olive", password: PASSWORD })
    expect(created.ok).toBe(true)
  })
  afterEach(() => {
    proxy.restore()
    errors.length = 0
    warnings.length = 0
  })
  afterAll(async () => {
    await viaProxy.$disconnect()
    await proxy.close()
    await db.cleanup()
  })

  const config = (strategy: "database" | "jwt"): AuthConfig => ({
    secret: "outage-suite-secret-0123456789abcdefghijkl",
    basePath: BASE,
    trustHost: true,
    adapter: PrismaAdapter(viaProxy),
    session: { strategy },
    rateLimit: false,
    logger: logger as AuthConfig["logger"],
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: (c) => authorizeWithPassword(viaProxy, c),
      }),
    ],
  })

  async function signedIn(strategy: "database" | "jwt"): Promise<Browser> {
    const browser = new Browser(config(strategy))
    const res = await browser.signInWithCredentials({ email: "olive@example.com", password: PASSWORD })
    expect(res.headers.get("location")).toBe("http://localhost:3000")
    return browser
  }

  async function sessionEmail(browser: Browser): Promise<string | null> {
    const res = await browser.send(`${BASE}/session`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { user?: { email?: string } } | null
    return body?.user?.email ?? null
  }

  it("database sessions: 503 with Retry-After while cut, the cookie kept, one log line, then recovery without a restart", async () => {
    const browser = await signedIn("database")
    const cookieBefore = browser.cookieHeader()
    expect(await sessionEmail(browser)).toBe("olive@example.com")

    proxy.cut()
    for (let i = 0; i < 5; i++) {
      const res = await browser.send(`${BASE}/session`)
      expect(res.status).toBe(503)
      expect(res.headers.get("retry-after")).toBe("5")
      const text = await res.text()
      expectNoInternals(text)
      expect(JSON.parse(text)).toMatchObject({ error: "DatabaseUnavailable", code: "database_unavailable" })
    }
    // Not signed out: the session cookie is untouched.
    expect(browser.cookieHeader()).toBe(cookieBefore)
    // A form sign-in during the outage: a 503 page, not a 500, not the sign-in page again.
    const form = await browser.signInWithCredentials({ email: "olive@example.com", password: PASSWORD })
    expect(form.status).toBe(503)
    expect(form.headers.get("content-type")).toContain("text/html")
    const page = await form.text()
    expect(page).toContain("Temporarily unavailable")
    expectNoInternals(page)
    // Seven failed requests, one line.
    expect(errors.map((e) => e.code)).toEqual(["DatabaseUnavailable"])

    proxy.restore()
    expect(await sessionEmail(browser)).toBe("olive@example.com")
    expect(warnings).toEqual(["database-recovered"])
    // A second outage is logged again.
    proxy.cut()
    expect((await browser.send(`${BASE}/session`)).status).toBe(503)
    expect(errors.map((e) => e.code)).toEqual(["DatabaseUnavailable", "DatabaseUnavailable"])
  })

  it("jwt sessions: session reads keep working while the database is cut", async () => {
    const browser = await signedIn("jwt")
    proxy.cut()
    expect(await sessionEmail(browser)).toBe("olive@example.com")
    expect(await sessionEmail(browser)).toBe("olive@example.com")
    // Signing in needs the database: refused with a 503, the existing session untouched.
    const other = new Browser(config("jwt"))
    const refused = await other.signInWithCredentials({ email: "olive@example.com", password: PASSWORD })
    expect(refused.status).toBe(503)
    expect(await sessionEmail(browser)).toBe("olive@example.com")
    proxy.restore()
    const again = await other.signInWithCredentials({ email: "olive@example.com", password: PASSWORD })
    expect(again.headers.get("location")).toBe("http://localhost:3000")
  })

  it("a fetch caller (X-Auth-Return-Redirect) gets JSON, never a redirect to sign-in", async () => {
    const browser = await signedIn("database")
    const csrfToken = await browser.csrfToken()
    proxy.cut()
    const res = await browser.send(`${BASE}/callback/credentials`, {
      form: { csrfToken, email: "olive@example.com", password: PASSWORD },
      headers: { "X-Auth-Return-Redirect": "1" },
    })
    expect(res.status).toBe(503)
    const body = (await res.json()) as { url: string; error: string }
    expect(body.error).toBe("DatabaseUnavailable")
    expect(body.url).toBe(`http://localhost:3000${BASE}/error?error=DatabaseUnavailable`)
    proxy.restore()
  })

  it("nothing is written half-way: a sign-in cut before its session row leaves no row; a sign-up leaves no user", async () => {
    const sessionsBefore = await db.prisma.session.count()
    const browser = new Browser(config("database"))
    const csrfToken = await browser.csrfToken()
    proxy.cut()
    const res = await browser.send(`${BASE}/callback/credentials`, { form: { csrfToken, email: "olive@example.com", password: PASSWORD } })
    expect(res.status).toBe(503)
    await expect(signUp(viaProxy, { email: "cut@example.com", name: "Cut", password: PASSWORD })).rejects.toSatisfy(isDatabaseOutage)
    proxy.restore()
    expect(await db.prisma.session.count()).toBe(sessionsBefore)
    expect(await db.prisma.user.count({ where: { email: "cut@example.com" } })).toBe(0)
    // And the same sign-up works once the database is back.
    expect((await signUp(viaProxy, { email: "cut@example.com", name: "Cut", password: PASSWORD })).ok).toBe(true)
  })

  it("a new OAuth user and its account are written together: a failing account write leaves no user", async () => {
    const adapter = PrismaAdapter(db.prisma)
    const first = await adapter.createUserAndAccount!(
      { id: "x", email: "first@example.com", emailVerified: null, name: "First" },
      { provider: "idp", providerAccountId: "sub-1", type: "oidc" },
    )
    expect(first.email).toBe("first@example.com")
    // The same provider account again for another email: the account insert fails, so must the user.
    await expect(
      adapter.createUserAndAccount!(
        { id: "y", email: "second@example.com", emailVerified: null, name: "Second" },
        { provider: "idp", providerAccountId: "sub-1", type: "oidc" },
      ),
    ).rejects.toThrow()
    expect(await db.prisma.user.count({ where: { email: "second@example.com" } })).toBe(0)
  })
})
