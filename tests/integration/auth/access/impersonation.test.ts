/**
 * Impersonation on real SQLite and PostgreSQL, both strategies, as the admin and the
 * user meet it: the admin's browser becomes the target's session, marked with the admin; its proof
 * is never recent (so every step-up, hence every sensitive change, refuses it) and the admin
 * operations refuse it; it lives at most the configured hour; stop gives the admin's own session
 * back; an admin cannot be impersonated; start and stop are in both users' logs and the target sees
 * the session in their list (database strategy).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  Auth,
  adminOperations,
  ImpersonationRefused,
  needsReauthentication,
  PermissionDenied,
  resolveAuthConfig,
  startImpersonation,
  stopImpersonation,
  type AuthConfig,
} from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { listUserSessions } from "@/lib/auth/session/user-sessions"
import type { Session } from "@/lib/auth/types"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET, DATABASE_AND_STRATEGY_CASES } from "../support"

const PASSWORD = "impersonation-password-4471"

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("impersonation (%s, %s sessions)", (provider, strategy) => {
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
      access: { impersonationMaxAge: 7200 },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  })
  afterAll(() => db.cleanup())

  async function account(roles?: string) {
    const email = `imp-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email, password: PASSWORD })
    return browser
  }

  const sessionOf = async (browser: Browser) => (await (await browser.send(`${BASE}/session`)).json()) as Session | null
  const requestOf = (browser: Browser) => new Request(`${ORIGIN}/admin`, { headers: { cookie: browser.cookieHeader(), "user-agent": "Mozilla/5.0 Firefox/133.0" } })
  const apply = (browser: Browser, cookies: { name: string; value: string; options: { maxAge?: number } }[]) => {
    for (const c of cookies) {
      if (c.value === "" || c.options.maxAge === 0) browser.jar.delete(c.name)
      else browser.jar.set(c.name, c.value)
    }
  }

  it("start: the admin's browser holds the target's session, marked; sensitive changes and admin operations are refused; stop gives the admin back", async () => {
    const admin = await account("admin")
    const target = await account()
    const browser = await signedIn(admin.email)
    const actor = { userId: admin.id, authenticatedAt: new Date() }

    await expect(startImpersonation(config, requestOf(browser), actor, target.id, "  ")).rejects.toThrow(/reason/)
    const { cookies } = await startImpersonation(config, requestOf(browser), actor, target.id, "ticket 4411: checkout fails")
    apply(browser, cookies)

    const session = await sessionOf(browser)
    expect(session?.user?.email).toBe(target.email)
    expect(session?.impersonatedBy).toBe(admin.id)
    expect(session?.user?.roles).toEqual(["user"])
    // At most an hour, whatever is configured above it.
    expect(Date.parse(session!.expires) - Date.now()).toBeLessThanOrEqual(3600_000 + 5_000)

    // The proof is never recent: every step-up (password, email, two-factor, passkeys, linked accounts,
    // sessions, deletion, export) refuses it, and the admin operations refuse it as an impersonation.
    const read = await readRequestSession(config, { origin: ORIGIN, cookie: browser.cookieHeader() })
    expect(read.proof?.impersonatedBy).toBe(admin.id)
    expect(needsReauthentication(read.proof, resolveAuthConfig(config))).toBe(true)
    const refused = await adminOperations(config)
      .listUsers({ userId: read.proof!.userId, authenticatedAt: read.proof!.authenticatedAt, impersonating: true })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PermissionDenied)

    if (strategy === "database") {
      const listing = await listUserSessions(resolveAuthConfig(config), requestOf(browser))
      expect(listing.status === "ok" && listing.sessions.find((s) => s.current)?.impersonatedBy).toBe(admin.id)
    }

    const stopped = await stopImpersonation(config, requestOf(browser))
    expect(stopped.status).toBe("stopped")
    if (stopped.status === "stopped") apply(browser, stopped.cookies)
    expect((await sessionOf(browser))?.user?.email).toBe(admin.email)
    expect(await liveSessionsOf(target.id)).toBe(0)
    if (strategy === "database") {
      const listing = await listUserSessions(resolveAuthConfig(config), requestOf(browser))
      expect(listing.status === "ok" && listing.sessions.map((s) => s.impersonatedBy)).toEqual([null])
    }

    for (const userId of [target.id, admin.id]) {
      const types = (await db.prisma.securityEvent.findMany({ where: { userId, actorId: admin.id }, select: { type: true } })).map((e) => e.type)
      expect(types).toEqual(expect.arrayContaining(["impersonation-started", "impersonation-stopped"]))
    }
    const started = await db.prisma.securityEvent.findFirstOrThrow({ where: { userId: target.id, type: "impersonation-started" } })
    expect(started.detail).toBe("ticket 4411: checkout fails")
  })

  /** The target's sessions that are still theirs to use: a stopped impersonation's row is kept a few minutes, marked. */
  const liveSessionsOf = (userId: string) => db.prisma.session.count({ where: { userId, impersonationStoppedAt: null } })

  /**
   * An admin's browser impersonating a new user, stopped while a request of it was on its way: the
   * cookies that request carries, and the browser as the stop's answer left it.
   */
  async function stoppedWithRequestInFlight(reason: string) {
    const admin = await account("admin")
    const target = await account()
    const browser = await signedIn(admin.email)
    const actor = { userId: admin.id, authenticatedAt: new Date() }
    apply(browser, (await startImpersonation(config, requestOf(browser), actor, target.id, reason)).cookies)
    const inFlight = browser.cookieHeader()
    const stopped = await stopImpersonation(config, requestOf(browser))
    if (stopped.status !== "stopped") throw new Error("the impersonation did not stop")
    apply(browser, stopped.cookies)
    return { admin, target, browser, inFlight }
  }

  it("a page load that left before the stop, read after it, ends nothing: the admin's restored session stays signed in", async () => {
    // The admin clicks a link, then "Stop impersonating" before the page has answered.
    const { admin, target, browser, inFlight } = await stoppedWithRequestInFlight("ticket 4415: page load race")

    // The page's read (not a script's) reaches the server after the stop: refused, and it sets no
    // cookie, so its answer, landing after the stop's, cannot clear the session the stop restored.
    const late = await readRequestSession(config, { origin: ORIGIN, cookie: inFlight })
    expect(late.session).toBeNull()
    expect(late.cookies).toEqual([])
    const page = await Auth(new Request(`${ORIGIN}${BASE}/session`, { headers: { cookie: inFlight, "sec-fetch-dest": "document" } }), config)
    expect(await page.json()).toBeNull()
    expect(page.headers.getSetCookie()).toEqual([])

    expect((await sessionOf(browser))?.user?.email).toBe(admin.email)
    if (strategy === "database") expect(await db.prisma.session.count({ where: { userId: admin.id } })).toBe(1)
    // The stopped row is no session of the target's to see, use or stop again.
    expect(await liveSessionsOf(target.id)).toBe(0)
    expect((await stopImpersonation(config, new Request(`${ORIGIN}/admin`, { headers: { cookie: inFlight } }))).status).toBe("not-impersonating")
    expect(await db.prisma.securityEvent.count({ where: { userId: target.id, type: "impersonation-stopped" } })).toBe(1)
  })

  it("a browser that never received the stop's answer is signed out, the admin's parked session with it, once the stopped row has expired", async () => {
    const admin = await account("admin")
    const target = await account()
    const browser = await signedIn(admin.email)
    const actor = { userId: admin.id, authenticatedAt: new Date() }
    apply(browser, (await startImpersonation(config, requestOf(browser), actor, target.id, "ticket 4416: lost answer")).cookies)
    // The stop ran, but its answer was lost on the way: the browser still holds both old cookies.
    const stopped = await stopImpersonation(config, requestOf(browser))
    expect(stopped.status).toBe("stopped")
    const row = await db.prisma.session.findFirstOrThrow({ where: { userId: target.id } })
    expect(row.impersonationStoppedAt).toBeInstanceOf(Date)
    expect(row.expires.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000)
    // Minutes later the kept row has expired; the next page load ends everything, as after any ending.
    await db.prisma.session.update({ where: { sessionToken: row.sessionToken }, data: { expires: new Date(Date.now() - 1000) } })

    const late = await readRequestSession(config, { origin: ORIGIN, cookie: browser.cookieHeader() })
    expect(late.session).toBeNull()
    const cleared = late.cookies.filter((c) => c.value === "" || c.options.maxAge === 0).map((c) => c.name)
    expect(cleared.some((name) => name.includes("session-token"))).toBe(true)
    expect(cleared.some((name) => name.includes("impersonator-token"))).toBe(true)
    if (strategy === "database") {
      expect(await db.prisma.session.count({ where: { userId: admin.id } })).toBe(0)
      expect(await db.prisma.session.count({ where: { userId: target.id } })).toBe(0)
    }
  })

  it("a script's request that left before the stop, read after it, leaves the admin's restored session signed in", async () => {
    // What the router's prefetches and useSession's refetch carry while the admin presses "Stop".
    const { admin, browser, inFlight } = await stoppedWithRequestInFlight("ticket 4412: prefetch race")

    // They reach the server after the stop. The impersonation's row (under jwt its record) is marked
    // stopped, so it reads as signed out, and nothing more happens.
    const late = await readRequestSession(config, { origin: ORIGIN, cookie: inFlight, fetchedByScript: true })
    const refetch = await Auth(new Request(`${ORIGIN}${BASE}/session`, { headers: { cookie: inFlight, "sec-fetch-dest": "empty" } }), config)
    expect(late.session).toBeNull()
    expect(await refetch.json()).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe(admin.email)
    if (strategy === "database") expect(await db.prisma.session.count({ where: { userId: admin.id } })).toBe(1)
  })

  /** An admin's browser impersonating a new user, and another client holding a copy of its session cookie. */
  async function impersonationWithCopy(reason: string) {
    const admin = await account("admin")
    const target = await account()
    const browser = await signedIn(admin.email)
    const actor = { userId: admin.id, authenticatedAt: new Date() }
    apply(browser, (await startImpersonation(config, requestOf(browser), actor, target.id, reason)).cookies)
    // A second tab's request in flight, or the cookie copied off the machine.
    const copy = new Browser(config)
    for (const [name, value] of browser.jar) if (name.includes("session-token")) copy.jar.set(name, value)
    expect((await sessionOf(copy))?.user?.email).toBe(target.email)
    return { admin, target, browser, copy }
  }

  it("a copy of the impersonation's token taken before the stop is refused after it; a second stop finds nothing to stop", async () => {
    const { admin, target, browser, copy } = await impersonationWithCopy("ticket 4413: copied cookie")
    // Kept on record under both strategies: the target's session, marked with the admin.
    const row = await db.prisma.session.findFirstOrThrow({ where: { userId: target.id } })
    expect(row.impersonatedBy).toBe(admin.id)

    const copyRequest = new Request(`${ORIGIN}/admin`, { headers: { cookie: copy.cookieHeader() } })
    const stopped = await stopImpersonation(config, requestOf(browser))
    if (stopped.status !== "stopped") throw new Error("the impersonation did not stop")
    apply(browser, stopped.cookies)

    expect((await sessionOf(browser))?.user?.email).toBe(admin.email)
    expect(await sessionOf(copy)).toBeNull()
    expect((await readRequestSession(config, { origin: ORIGIN, cookie: copyRequest.headers.get("cookie") })).session).toBeNull()
    expect(await liveSessionsOf(target.id)).toBe(0)
    expect((await stopImpersonation(config, copyRequest)).status).toBe("not-impersonating")
    expect(await db.prisma.securityEvent.count({ where: { userId: target.id, type: "impersonation-stopped" } })).toBe(1)
  })

  it("signing out of the impersonation ends it for every copy of its token", async () => {
    const { target, browser, copy } = await impersonationWithCopy("ticket 4414: sign-out")

    const signOut = await browser.send(`${BASE}/signout`, { form: { csrfToken: await browser.csrfToken() } })
    expect(signOut.status).toBe(302)
    expect(await sessionOf(browser)).toBeNull()
    expect(await sessionOf(copy)).toBeNull()
    expect(await db.prisma.session.count({ where: { userId: target.id } })).toBe(0)
  })

  it("refuses to impersonate an admin, oneself, a non-admin's request or a stale proof, creating no session", async () => {
    const admin = await account("admin")
    const other = await account("admin")
    const target = await account()
    const browser = await signedIn(admin.email)
    const actor = { userId: admin.id, authenticatedAt: new Date() }
    const before = await db.prisma.session.count()
    await expect(startImpersonation(config, requestOf(browser), actor, other.id, "r")).rejects.toBeInstanceOf(ImpersonationRefused)
    await expect(startImpersonation(config, requestOf(browser), actor, admin.id, "r")).rejects.toBeInstanceOf(ImpersonationRefused)
    const plain = await account()
    await expect(startImpersonation(config, requestOf(browser), { userId: plain.id, authenticatedAt: new Date() }, target.id, "r")).rejects.toBeInstanceOf(PermissionDenied)
    await expect(startImpersonation(config, requestOf(browser), { userId: admin.id, authenticatedAt: new Date(0) }, target.id, "r")).rejects.toBeInstanceOf(PermissionDenied)
    expect(await db.prisma.session.count()).toBe(before)
    expect(await db.prisma.securityEvent.count({ where: { type: "impersonation-started", userId: target.id } })).toBe(0)
  })
})
