/**
 * Authority that outlives the one who held it, replayed as the attacker would try it, on real
 * SQLite and PostgreSQL with both session strategies, through the core handler with real cookies:
 * an impersonation goes on after its admin was banned, demoted or deleted, or lost
 * `user:impersonate` by a redeployed access-control definition or AUTH_ADMIN_EMAILS; signing out of
 * an impersonation leaves the admin's parked session in the browser; a kept jwt goes on granting
 * admin after its address left AUTH_ADMIN_EMAILS or the user's address changed away from it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  adminOperations,
  banUser,
  builtInResources,
  defineAccessControl,
  hasPermission,
  revokeUserSessions,
  routeRules,
  setUserRoles,
  startImpersonation,
  type AccessControl,
  type AuthConfig,
} from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import type { Session } from "@/lib/auth/types"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, DATABASE_AND_STRATEGY_CASES, isDeletion, ORIGIN, SECRET, setCookies } from "../support"

const PASSWORD = "authority-password-5521"
const PARKED = "authjs.impersonator-token"
const SESSION = "authjs.session-token"

/** A "support" role that may impersonate, as the app first deployed it; the redeployed one may only list. */
const before = defineAccessControl({ resources: builtInResources, roles: { support: { user: ["list", "impersonate"] } } })
const after = defineAccessControl({ resources: builtInResources, roles: { support: { user: ["list"] } } })

describe.each(DATABASE_AND_STRATEGY_CASES)("impersonation ends with its admin's authority (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  let n = 0

  /** One server process: its own revocation (and standing) cache. */
  function server(options: { adminEmails?: string[]; control?: AccessControl; delay?: number } = {}): AuthConfig {
    return {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      // A long delay unless asked: only what this process knows can end a session at once.
      session: { strategy, revocationDelay: options.delay ?? 60, revocationCache: new ValidSinceCache() },
      access: { adminEmails: options.adminEmails ?? [], ...(options.control ? { control: options.control } : {}) },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = server()
  })
  afterAll(() => db.cleanup())

  async function account(options: { roles?: string; verified?: boolean } = {}) {
    const email = `auth-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({
      where: { id: created.user.id },
      data: { ...(options.roles ? { roles: options.roles } : {}), ...(options.verified ? { emailVerified: new Date() } : {}) },
    })
    return { id: created.user.id, email }
  }

  async function signedIn(server: AuthConfig, email: string): Promise<Browser> {
    const browser = new Browser(server)
    await browser.signInWithCredentials({ email, password: PASSWORD })
    expect(browser.jar.has(SESSION)).toBe(true)
    return browser
  }

  const requestOf = (browser: Browser) => new Request(`${ORIGIN}/admin`, { headers: { cookie: browser.cookieHeader() } })
  const sessionOf = async (browser: Browser) => (await (await browser.send(`${BASE}/session`)).json()) as Session | null
  const apply = (browser: Browser, cookies: { name: string; value: string; options: { maxAge?: number } }[]) => {
    for (const c of cookies) {
      if (c.value === "" || c.options.maxAge === 0) browser.jar.delete(c.name)
      else browser.jar.set(c.name, c.value)
    }
  }

  /** The admin's browser, now the target's session with the admin's own parked beside it. */
  async function impersonating(server: AuthConfig, admin: { id: string; email: string }) {
    const target = await account()
    const browser = await signedIn(server, admin.email)
    const { cookies } = await startImpersonation(server, requestOf(browser), { userId: admin.id, authenticatedAt: new Date() }, target.id, "ticket 5521")
    apply(browser, cookies)
    const session = await sessionOf(browser)
    expect(session?.user?.email).toBe(target.email)
    expect(session?.impersonatedBy).toBe(admin.id)
    expect(browser.jar.has(PARKED)).toBe(true)
    return { browser, target }
  }

  const impersonationRows = (adminId: string) => db.prisma.session.count({ where: { impersonatedBy: adminId } })

  /** What the impersonating browser meets on its next request: signed out, and no token of the admin left. */
  async function expectSignedOutWithNoAdminToken(browser: Browser, adminId: string) {
    expect(await sessionOf(browser)).toBeNull()
    expect(browser.jar.has(SESSION)).toBe(false)
    expect(browser.jar.has(PARKED)).toBe(false)
    if (strategy === "database") {
      expect(await impersonationRows(adminId)).toBe(0)
      expect(await db.prisma.session.count({ where: { userId: adminId } })).toBe(0)
    }
  }

  it("a ban of the admin ends every impersonation they started, on its next request (database: the rows at once)", async () => {
    const admin = await account({ roles: "admin" })
    const other = await account({ roles: "admin" })
    const { browser } = await impersonating(config, admin)
    if (strategy === "database") expect(await impersonationRows(admin.id)).toBe(1)

    await adminOperations(config).ban({ userId: other.id, authenticatedAt: new Date() }, admin.id, { reason: "left the company", until: null })

    // Database: the rows are gone before the browser asks anything.
    if (strategy === "database") expect(await impersonationRows(admin.id)).toBe(0)
    await expectSignedOutWithNoAdminToken(browser, admin.id)
  })

  it("losing the role that grants user:impersonate ends the impersonation", async () => {
    const admin = await account({ roles: "admin" })
    const { browser } = await impersonating(config, admin)
    await setUserRoles(config, admin.id, [])
    if (strategy === "database") expect(await impersonationRows(admin.id)).toBe(0)
    await expectSignedOutWithNoAdminToken(browser, admin.id)
  })

  it("deleting the admin ends the impersonation", async () => {
    const admin = await account({ roles: "admin" })
    const other = await account({ roles: "admin" })
    const { browser } = await impersonating(config, admin)
    await adminOperations(config).deleteUser({ userId: other.id, authenticatedAt: new Date() }, admin.id)
    if (strategy === "database") expect(await impersonationRows(admin.id)).toBe(0)
    await expectSignedOutWithNoAdminToken(browser, admin.id)
  })

  it("a ban made by another process ends the impersonation there within the revocation delay", async () => {
    const admin = await account({ roles: "admin" })
    // The impersonating browser talks to a process with a one-second delay, which has read the admin's standing.
    const elsewhere = server({ delay: 1 })
    const { browser } = await impersonating(elsewhere, admin)
    await banUser(config, admin.id, { reason: "compromised", until: null })
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await expectSignedOutWithNoAdminToken(browser, admin.id)
  })

  it("a redeployed access-control definition that no longer grants user:impersonate ends the impersonation when it is next read", async () => {
    const admin = await account({ roles: "support" })
    const { browser } = await impersonating(server({ control: before }), admin)
    // The same database, the app's roles changed and redeployed: a new process, nothing revoked.
    browser.config = server({ control: after })
    expect(await sessionOf(browser)).toBeNull()
    expect(browser.jar.has(SESSION)).toBe(false)
    expect(browser.jar.has(PARKED)).toBe(false)
    if (strategy === "database") expect(await impersonationRows(admin.id)).toBe(0)
  })

  it("an address gone from AUTH_ADMIN_EMAILS ends its impersonations and stops its own kept session granting admin", async () => {
    const admin = await account({ verified: true })
    const first = server({ adminEmails: [admin.email] })
    const own = await signedIn(first, admin.email)
    expect((await sessionOf(own))?.user?.roles).toContain("admin")
    const { browser } = await impersonating(first, admin)

    // Redeployed without the address: nothing was revoked, the tokens are the same.
    const redeployed = server()
    own.config = redeployed
    browser.config = redeployed
    const session = await sessionOf(own)
    expect(session?.user?.email).toBe(admin.email)
    expect(session?.user?.roles).toEqual(["user"])
    expect(hasPermission(session, { user: ["ban"] })).toBe(false)
    expect(routeRules(defineAccessControl({ resources: builtInResources }), [{ path: "/admin", permission: { user: ["list"] } }])(session, "/admin/users")).toBe("forbidden")
    expect(await sessionOf(browser)).toBeNull()
    expect(browser.jar.has(PARKED)).toBe(false)
  })

  it("a kept session stops granting admin once the user's address changes away from AUTH_ADMIN_EMAILS", async () => {
    const admin = await account({ verified: true })
    const configured = server({ adminEmails: [admin.email] })
    const browser = await signedIn(configured, admin.email)
    expect(hasPermission(await sessionOf(browser), { user: ["ban"] })).toBe(true)

    // What the email change does once the new address is confirmed: the row changes, every session
    // but the confirming browser's ends, and that one is kept (jwt: re-issued).
    await db.prisma.user.update({ where: { id: admin.id }, data: { email: `moved-${admin.email}`, emailVerified: new Date() } })
    const ended = await revokeUserSessions(configured, admin.id, { request: requestOf(browser), keep: true })
    expect(ended.status === "ok" && ended.kept).toBe(true)
    if (ended.status === "ok") apply(browser, ended.cookies)

    const session = await sessionOf(browser)
    expect(session?.user).toBeTruthy()
    expect(session?.user?.roles).toEqual(["user"])
    expect(hasPermission(session, { user: ["ban"] })).toBe(false)
  })

  it("signing out of an impersonation signs the admin out too: the response clears the parked cookie (database: its row is deleted)", async () => {
    const admin = await account({ roles: "admin" })
    const { browser, target } = await impersonating(config, admin)
    if (strategy === "database") expect(await db.prisma.session.count({ where: { userId: admin.id } })).toBe(1)

    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signout`, { form: { csrfToken } })
    expect(res.status).toBe(302)
    const cleared = setCookies(res).filter(isDeletion).map((c) => c.name)
    expect(cleared).toEqual(expect.arrayContaining([SESSION, PARKED]))

    expect(browser.jar.has(PARKED)).toBe(false)
    expect(await sessionOf(browser)).toBeNull()
    if (strategy === "database") {
      expect(await db.prisma.session.count({ where: { userId: { in: [admin.id, target.id] } } })).toBe(0)
    }
    const logged = await db.prisma.securityEvent.findMany({ where: { userId: admin.id, type: "impersonation-stopped" } })
    expect(logged).toHaveLength(1)
  })
})
