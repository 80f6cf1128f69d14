/**
 * Impersonation under bursts, on SQLite, both session
 * strategies: a double-clicked (or replayed) "Stop impersonating", 20 at
 * once from the same browser. Every answer that says "stopped" gives the
 * admin's own session back. With database sessions the session row ends
 * once, so each user's log says "stopped" once; a jwt keeps no state to
 * tell a repeated stop from the first, so each one is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startImpersonation, stopImpersonation, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET } from "../support"

const PASSWORD = "impersonation-bursts-password-5512"

describe.each(["database", "jwt"] as const)("impersonation in bursts (sqlite, %s sessions)", (strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    config = {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  })
  afterAll(() => db.cleanup())

  async function account(roles?: string) {
    const email = `imp-burst-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  const requestOf = (browser: Browser) => new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })

  it("20 'Stop impersonating' at once: each 'stopped' answer restores the admin; database sessions log it once", async () => {
    const admin = await account("admin")
    const target = await account()
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: admin.email, password: PASSWORD })
    const ownSession = browser.jar.get(browser.sessionCookieName())!
    const started = await startImpersonation(config, requestOf(browser), { userId: admin.id, authenticatedAt: new Date() }, target.id, "ticket 9")
    for (const c of started.cookies) browser.jar.set(c.name, c.value)

    const answers = await Promise.all(Array.from({ length: 20 }, () => stopImpersonation(config, requestOf(browser))))
    const stopped = answers.filter((a) => a.status === "stopped")
    expect(stopped.length).toBeGreaterThanOrEqual(1)
    for (const answer of stopped) {
      if (answer.status !== "stopped") continue
      expect(answer.cookies.find((c) => c.name === browser.sessionCookieName())?.value).toBe(ownSession)
    }
    const log = (userId: string) => db.prisma.securityEvent.count({ where: { userId, type: "impersonation-stopped" } })
    const once = strategy === "database" ? 1 : stopped.length
    expect(await log(target.id)).toBe(once)
    expect(await log(admin.id)).toBe(once)
    // Kept a few minutes, marked stopped, for the requests still in flight; none of it usable.
    if (strategy === "database") expect(await db.prisma.session.count({ where: { userId: target.id, impersonationStoppedAt: null } })).toBe(0)
  })
})
