/**
 * Roles and bans on real SQLite and PostgreSQL, both session strategies, as a user
 * and an attacker meet them: the session carries the roles the database gives (and
 * AUTH_ADMIN_EMAILS only for a verified address); a role change and a ban end a signed-in
 * session on its very next request to the same process; a banned user's sign-in is refused with
 * "suspended" and the ban's end, never its reason; a ban with an end lifts itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { banUser, hasPermission, setUserRoles, unbanUser, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import type { Session } from "@/lib/auth/types"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, SECRET, DATABASE_AND_STRATEGY_CASES } from "../support"

const PASSWORD = "roles-and-bans-password-5521"

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("roles and bans (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(() => db.cleanup())

  function server(adminEmails: string[] = []): AuthConfig {
    return {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      // A long delay: only the process's own knowledge can end the session in these tests.
      session: { strategy, revocationDelay: 60, revocationCache: new ValidSinceCache() },
      access: { adminEmails },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  }

  async function account(options: { verified?: boolean } = {}): Promise<{ id: string; email: string }> {
    const email = `user-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Someone", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (options.verified) await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
    return { id: created.user.id, email }
  }

  async function signIn(config: AuthConfig, email: string): Promise<{ browser: Browser; location: string }> {
    const browser = new Browser(config)
    const res = await browser.signInWithCredentials({ email, password: PASSWORD })
    return { browser, location: res.headers.get("location") ?? "" }
  }

  async function sessionOf(browser: Browser): Promise<Session | null> {
    const res = await browser.send(`${BASE}/session`)
    expect(res.status).toBe(200)
    return (await res.json()) as Session | null
  }

  it("a plain user's session holds the user role only and no admin permission", async () => {
    const user = await account({ verified: true })
    const { browser } = await signIn(server(), user.email)
    const session = await sessionOf(browser)
    expect(session?.user?.roles).toEqual(["user"])
    expect(hasPermission(session, { user: ["ban"] })).toBe(false)
    expect(hasPermission(null, {})).toBe(false)
  })

  it("a stored admin role is in the session and grants every built-in action", async () => {
    const user = await account()
    await db.prisma.user.update({ where: { id: user.id }, data: { roles: "admin" } })
    const { browser } = await signIn(server(), user.email)
    const session = await sessionOf(browser)
    expect(session?.user?.roles).toEqual(["user", "admin"])
    expect(hasPermission(session, { user: ["ban", "impersonate"], session: ["revoke"] })).toBe(true)
  })

  it("AUTH_ADMIN_EMAILS makes an admin of a verified address only", async () => {
    const unverified = await account()
    const verified = await account({ verified: true })
    const config = server([unverified.email.toUpperCase(), verified.email])
    const a = await sessionOf((await signIn(config, unverified.email)).browser)
    expect(a?.user?.roles).toEqual(["user"])
    const b = await sessionOf((await signIn(config, verified.email)).browser)
    expect(b?.user?.roles).toEqual(["user", "admin"])
  })

  it("the session callback cannot grant a role: the library sets the roles after it", async () => {
    const user = await account()
    const config: AuthConfig = {
      ...server(),
      callbacks: { session: ({ session }) => ({ ...session, user: { ...session.user, roles: ["admin"] } }) },
    }
    const session = await sessionOf((await signIn(config, user.email)).browser)
    expect(session?.user?.roles).toEqual(["user"])
  })

  it("a role change ends the signed-in session on its next request in the same process; signing in again carries the new roles", async () => {
    const user = await account()
    const config = server()
    const { browser } = await signIn(config, user.email)
    expect((await sessionOf(browser))?.user?.roles).toEqual(["user"])
    expect(await setUserRoles(config, user.id, ["admin"])).toBe("done")
    expect(await sessionOf(browser)).toBeNull()
    const again = await sessionOf((await signIn(config, user.email)).browser)
    expect(again?.user?.roles).toEqual(["user", "admin"])
    expect(await setUserRoles(config, user.id, [])).toBe("done")
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).roles).toBeNull()
    await expect(setUserRoles(config, user.id, ["no-such-role"])).rejects.toThrow(/Unknown role/)
  })

  it("a ban ends a signed-in session on the very next request, and every way back in says suspended until when, never why", async () => {
    const user = await account()
    const config = server()
    const { browser } = await signIn(config, user.email)
    expect((await sessionOf(browser))?.user?.email).toBe(user.email)

    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000)
    expect(await banUser(config, user.id, { reason: "spam-campaign-4471", until })).toBe("done")
    expect(await sessionOf(browser)).toBeNull()
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)

    const refused = await signIn(config, user.email)
    const url = new URL(refused.location)
    expect(url.searchParams.get("error")).toBe("AccountSuspended")
    expect(url.searchParams.get("code")).toBe("account_suspended")
    expect(url.searchParams.get("until")).toBe(until.toISOString())
    expect(refused.location).not.toContain("spam-campaign")
    expect(refused.browser.sessionValue()).toBe("")

    // The sign-in page says it, with the date, without the reason.
    const page = await refused.browser.send(url.pathname + url.search)
    const html = await page.text()
    expect(html).toContain(`This account is suspended until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC.`)
    expect(html).not.toContain("spam-campaign")

    // The user's own log names the ban's end, not its reason.
    const events = await db.prisma.securityEvent.findMany({ where: { userId: user.id, type: "banned" } })
    expect(events).toHaveLength(1)
    expect(events[0].detail).not.toContain("spam")

    expect(await unbanUser(config, user.id)).toBe("done")
    expect((await sessionOf((await signIn(config, user.email)).browser))?.user?.email).toBe(user.email)
  })

  it("a permanent ban refuses without a date; a ban whose end has passed lifts itself", async () => {
    const user = await account()
    const config = server()
    await banUser(config, user.id, { reason: "permanent", until: null })
    const refused = new URL((await signIn(config, user.email)).location)
    expect(refused.searchParams.get("error")).toBe("AccountSuspended")
    expect(refused.searchParams.has("until")).toBe(false)

    await db.prisma.user.update({ where: { id: user.id }, data: { banExpires: new Date(Date.now() - 1000) } })
    expect((await sessionOf((await signIn(config, user.email)).browser))?.user?.email).toBe(user.email)
  })

  it("a ban needs a reason and a future end", async () => {
    const user = await account()
    const config = server()
    await expect(banUser(config, user.id, { reason: "  ", until: null })).rejects.toThrow(/reason/)
    await expect(banUser(config, user.id, { reason: "x", until: new Date(Date.now() - 1000) })).rejects.toThrow(/future/)
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).bannedAt).toBeNull()
    expect(await banUser(config, "no-such-user-id", { reason: "x", until: null })).toBe("no-such-user")
  })
})
