/**
 * Roles and bans through SvelteKit, on a real SQLite database with both strategies:
 * requirePermission throws error(401) signed out and error(403) for a plain user and resolves for
 * an admin; a banned user's sign-in is refused as suspended.
 */
import { isHttpError } from "@sveltejs/kit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { banUser, builtInResources, defineAccessControl, startImpersonation, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { hasPermission, requirePermission } from "@/lib/auth/sveltekit"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET, withEnv } from "../support"

const PASSWORD = "sveltekit-permission-password-2281"
// Every signed-in user may read and write their notes: what an impersonation session holds too.
const control = defineAccessControl({ resources: { ...builtInResources, note: ["read", "write"] }, roles: { user: { note: ["read", "write"] } } })

async function statusOf(promise: Promise<unknown>): Promise<number> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  )
  if (!isHttpError(thrown)) throw new Error(`expected an HTTP error, got ${String(thrown)}`)
  return thrown.status
}

describe.each(["database", "jwt"] as const)("requirePermission (SvelteKit, sqlite, %s sessions)", (strategy) => {
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
      access: { control },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  })
  afterAll(() => db.cleanup())

  async function account(roles?: string) {
    const email = `kit-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Someone", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  const request = (browser: Browser) => new Request(`${ORIGIN}/admin`, { method: "POST", headers: { cookie: browser.cookieHeader() } })

  it("401 signed out, 403 for a plain user, the session for an admin", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      expect(await statusOf(requirePermission(request(new Browser(config)), config, { user: ["ban"] }))).toBe(401)
      const plain = await account()
      const user = new Browser(config)
      await user.signInWithCredentials({ email: plain.email, password: PASSWORD })
      expect(await statusOf(requirePermission(request(user), config, { user: ["ban"] }))).toBe(403)
      const admin = await account("admin")
      const browser = new Browser(config)
      await browser.signInWithCredentials({ email: admin.email, password: PASSWORD })
      const session = await requirePermission(request(browser), config, { user: ["ban"] })
      expect(hasPermission(session, { user: ["ban"] }, config)).toBe(true)
    })
  })

  it("a banned user's sign-in is refused as suspended", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const user = await account()
      await banUser(config, user.id, { reason: "r", until: null })
      const browser = new Browser(config)
      const res = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
      expect(res.headers.get("location")).toContain("error=AccountSuspended")
    })
  })

  const at = (browser: Browser, method: string) => new Request(`${ORIGIN}/notes`, { method, headers: { cookie: browser.cookieHeader() } })

  it("an impersonation session reads but cannot change anything, nor reach an admin operation", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const admin = await account("admin")
      const target = await account()
      const browser = new Browser(config)
      await browser.signInWithCredentials({ email: admin.email, password: PASSWORD })
      const started = await startImpersonation(config, at(browser, "GET"), { userId: admin.id, authenticatedAt: new Date() }, target.id, "support request")
      for (const c of started.cookies) browser.jar.set(c.name, c.value)

      const session = await requirePermission(at(browser, "GET"), config, { note: ["read"] })
      expect(session.user?.email).toBe(target.email)
      expect(await statusOf(requirePermission(at(browser, "POST"), config, { note: ["write"] }))).toBe(403)
      expect(await statusOf(requirePermission(at(browser, "GET"), config, { user: ["list"] }))).toBe(403)
      // The target's own session may make the same change.
      const own = new Browser(config)
      await own.signInWithCredentials({ email: target.email, password: PASSWORD })
      expect((await requirePermission(at(own, "POST"), config, { note: ["write"] })).user?.email).toBe(target.email)
    })
  })

  it("an admin whose stored role was taken away or who was suspended is refused admin operations at once, whatever the session still says", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const demoted = await account("admin")
      const browser = new Browser(config)
      await browser.signInWithCredentials({ email: demoted.email, password: PASSWORD })
      expect((await requirePermission(request(browser), config, { user: ["ban"] })).user?.email).toBe(demoted.email)
      // Written by another process (or straight in the database): this session's copy still says admin.
      await db.prisma.user.update({ where: { id: demoted.id }, data: { roles: null } })
      expect(await statusOf(requirePermission(request(browser), config, { user: ["ban"] }))).toBe(403)

      const suspended = await account("admin")
      const other = new Browser(config)
      await other.signInWithCredentials({ email: suspended.email, password: PASSWORD })
      await db.prisma.user.update({ where: { id: suspended.id }, data: { bannedAt: new Date() } })
      // A suspended user's session is over on both strategies (401): a jwt that carries more than "user"
      // has its stored roles and ban read again, and a ban signs it out.
      expect(await statusOf(requirePermission(request(other), config, { user: ["ban"] }))).toBe(401)
    })
  })
})
