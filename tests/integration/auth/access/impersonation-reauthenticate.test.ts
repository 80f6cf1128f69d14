/**
 * "Confirm it's you" during an impersonation, on real SQLite and PostgreSQL, both
 * strategies. Nothing typed there could ever count, so the page says that sensitive changes are
 * refused while impersonating and shows no form; a POST made anyway (the target's password, right)
 * is refused the same way, records no proof, and writes no re-authentication entry to the
 * target's log. The admin's own session, once back, is offered the forms as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { needsReauthentication, resolveAuthConfig, startImpersonation, stopImpersonation, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, DATABASE_AND_STRATEGY_CASES, expectNoInternals, ORIGIN, SECRET } from "../support"

const PASSWORD = "impersonation-reauth-password-5512"

describe.each(DATABASE_AND_STRATEGY_CASES)("re-authentication while impersonating (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy, revocationDelay: 60, revocationCache: new ValidSinceCache() },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  })
  afterAll(() => db.cleanup())

  async function account(roles?: string) {
    const email = `imp-reauth-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  const requestOf = (browser: Browser) => new Request(`${ORIGIN}/admin`, { headers: { cookie: browser.cookieHeader() } })
  const apply = (browser: Browser, cookies: { name: string; value: string; options: { maxAge?: number } }[]) => {
    for (const c of cookies) {
      if (c.value === "" || c.options.maxAge === 0) browser.jar.delete(c.name)
      else browser.jar.set(c.name, c.value)
    }
  }

  it("says sensitive changes are refused, with no form, and refuses a right password posted anyway", async () => {
    const admin = await account("admin")
    const target = await account()
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: admin.email, password: PASSWORD })
    const { cookies } = await startImpersonation(config, requestOf(browser), { userId: admin.id, authenticatedAt: new Date() }, target.id, "ticket 90")
    apply(browser, cookies)

    const page = await browser.send(`${BASE}/reauthenticate?callbackUrl=${encodeURIComponent(`${ORIGIN}/settings`)}`)
    expect(page.status).toBe(403)
    const html = await page.text()
    expect(html).toContain("Sensitive changes are refused while impersonating")
    expect(html).toContain(target.email)
    expect(html).not.toContain("<form")
    expect(html).not.toContain('type="password"')
    expect(html).toContain(`href="${ORIGIN}/settings"`)
    expectNoInternals(html)

    // The target's real password, with a valid CSRF token: still no proof for this session.
    const csrfToken = await browser.csrfToken()
    const posted = await browser.send(`${BASE}/reauthenticate`, { form: { csrfToken, method: "password", password: PASSWORD, callbackUrl: `${ORIGIN}/settings` } })
    expect(posted.status).toBe(403)
    expect(await posted.text()).toContain("Sensitive changes are refused while impersonating")
    const read = await readRequestSession(config, { origin: ORIGIN, cookie: browser.cookieHeader() })
    expect(read.proof?.impersonatedBy).toBe(admin.id)
    expect(needsReauthentication(read.proof, resolveAuthConfig(config))).toBe(true)
    expect(await db.prisma.securityEvent.count({ where: { userId: target.id, type: "reauthenticated" } })).toBe(0)

    // Back in the admin's own session, the page offers its forms again.
    const stopped = await stopImpersonation(config, requestOf(browser))
    if (stopped.status === "stopped") apply(browser, stopped.cookies)
    const own = await browser.send(`${BASE}/reauthenticate`)
    expect(own.status).toBe(200)
    const ownHtml = await own.text()
    expect(ownHtml).toContain('type="password"')
    expect(ownHtml).not.toContain("while impersonating")
  })
})
