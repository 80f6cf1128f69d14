/**
 * The admin operations on real SQLite and PostgreSQL, both session strategies. Every
 * operation is called as a signed-in non-admin, as a banned admin, as an admin whose proof of
 * identity is stale, and from an impersonation: each is refused with PermissionDenied and the
 * database is left exactly as it was (ASVS 5.0 8.3.1). Then as a fresh admin: the search and its
 * filters and pages, ending a user's sessions (one, all), roles, ban, two-factor, the reset mail
 * and deletion, each written to the target's log with the admin as actor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, PermissionDenied, type AdminActor, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import type { Session } from "@/lib/auth/types"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, SECRET, DATABASE_AND_STRATEGY_CASES } from "../support"

const PASSWORD = "admin-operations-password-3391"

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("admin operations (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let n = 0
  let config: AuthConfig
  const resetMails: string[] = []

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

  const ops = () => adminOperations(config, { sendPasswordReset: async ({ email }) => void resetMails.push(email) })

  async function account(roles?: string): Promise<{ id: string; email: string }> {
    const email = `person-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  const fresh = (userId: string): AdminActor => ({ userId, authenticatedAt: new Date() })

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email, password: PASSWORD })
    return browser
  }

  async function sessionOf(browser: Browser): Promise<Session | null> {
    return (await (await browser.send(`${BASE}/session`)).json()) as Session | null
  }

  /** Everything an operation could change, to compare before and after a refusal. */
  async function state() {
    const users = await db.prisma.user.findMany({
      orderBy: { id: "asc" },
      select: { id: true, roles: true, bannedAt: true, banReason: true, banExpires: true, sessionsValidSince: true, passwordHash: true },
    })
    const sessions = await db.prisma.session.findMany({ orderBy: { sessionToken: "asc" }, select: { sessionToken: true, userId: true } })
    const events = await db.prisma.securityEvent.count()
    return { users, sessions, events }
  }

  it("every operation is refused, with the database unchanged, for a non-admin, a banned admin, a stale proof and an impersonation", async () => {
    const target = await account()
    const targetBrowser = await signedIn(target.email)
    const plain = await account()
    const banned = await account("admin")
    await db.prisma.user.update({ where: { id: banned.id }, data: { bannedAt: new Date(), banReason: "x" } })
    const admin = await account("admin")
    const actors: [string, AdminActor, string][] = [
      ["non-admin", fresh(plain.id), "forbidden"],
      ["banned admin", fresh(banned.id), "forbidden"],
      ["stale proof", { userId: admin.id, authenticatedAt: new Date(Date.now() - 3600_000) }, "stale_proof"],
      ["unknown proof", { userId: admin.id, authenticatedAt: null }, "stale_proof"],
      ["impersonation", { ...fresh(admin.id), impersonating: true }, "impersonating"],
      ["deleted admin", fresh("no-such-admin"), "forbidden"],
    ]
    const before = await state()
    for (const [who, actor, reason] of actors) {
      const o = ops()
      const calls: [string, () => Promise<unknown>][] = [
        ["listUsers", () => o.listUsers(actor, {})],
        ["setRoles", () => o.setRoles(actor, target.id, ["admin"])],
        ["ban", () => o.ban(actor, target.id, { reason: "r", until: null })],
        ["unban", () => o.unban(actor, target.id)],
        ["listUserSessions", () => o.listUserSessions(actor, target.id)],
        ["revokeUserSession", () => o.revokeUserSession(actor, target.id, "x")],
        ["revokeAllUserSessions", () => o.revokeAllUserSessions(actor, target.id)],
        ["sendPasswordReset", () => o.sendPasswordReset(actor, target.id)],
        ["disableTwoFactor", () => o.disableTwoFactor(actor, target.id)],
        ["deleteUser", () => o.deleteUser(actor, target.id)],
      ]
      for (const [name, call] of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        )
        expect(error, `${name} as ${who}`).toBeInstanceOf(PermissionDenied)
        expect((error as PermissionDenied).reason, `${name} as ${who}`).toBe(reason)
      }
    }
    expect(await state()).toEqual(before)
    expect(resetMails).toEqual([])
    expect((await sessionOf(targetBrowser))?.user?.email).toBe(target.email)
  })

  it("an admin whose role was taken away is refused at once, whatever their session still says", async () => {
    const admin = await account("admin")
    const target = await account()
    await db.prisma.user.update({ where: { id: admin.id }, data: { roles: null } })
    await expect(ops().ban(fresh(admin.id), target.id, { reason: "r", until: null })).rejects.toBeInstanceOf(PermissionDenied)
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).bannedAt).toBeNull()
  })

  it("lists and searches users with filters, sorts and cursor pages", async () => {
    const admin = await account("admin")
    const tag = `needle${provider}${strategy}`
    const made: string[] = []
    for (let i = 0; i < 5; i++) {
      const email = `${tag}-${i}@example.test`
      const created = await signUp(db.prisma, { email, name: `Needle ${i}`, password: PASSWORD })
      if (!created.ok) throw new Error(created.message)
      made.push(created.user.id)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await db.prisma.user.update({ where: { id: made[1] }, data: { roles: "support,admin" } })
    await db.prisma.user.update({ where: { id: made[2] }, data: { bannedAt: new Date() } })
    await db.prisma.user.update({ where: { id: made[3] }, data: { emailVerified: new Date() } })
    const o = ops()
    const actor = fresh(admin.id)

    const first = await o.listUsers(actor, { search: tag.toUpperCase(), limit: 2 })
    expect(first.users.map((u) => u.id)).toEqual([made[4], made[3]])
    // Every page knows how many match in all, whichever page it is.
    expect(first.total).toBe(5)
    const second = await o.listUsers(actor, { search: tag, limit: 2, cursor: first.nextCursor! })
    expect(second.users.map((u) => u.id)).toEqual([made[2], made[1]])
    const third = await o.listUsers(actor, { search: tag, limit: 2, cursor: second.nextCursor! })
    expect(third.users.map((u) => u.id)).toEqual([made[0]])
    expect(third.nextCursor).toBeNull()
    expect(third.total).toBe(5)
    expect((await o.listUsers(actor, { search: tag, banned: true })).total).toBe(1)

    expect((await o.listUsers(actor, { search: tag, role: "admin" })).users.map((u) => u.id)).toEqual([made[1]])
    expect((await o.listUsers(actor, { search: tag, role: "adm" })).users).toEqual([])
    expect((await o.listUsers(actor, { search: tag, banned: true })).users.map((u) => u.id)).toEqual([made[2]])
    expect((await o.listUsers(actor, { search: tag, banned: false })).users).toHaveLength(4)
    expect((await o.listUsers(actor, { search: tag, unverified: true })).users).toHaveLength(4)
    expect((await o.listUsers(actor, { search: tag, twoFactor: true })).users).toEqual([])
    expect((await o.listUsers(actor, { search: "Needle 3" })).users.map((u) => u.id)).toEqual([made[3]])
    expect((await o.listUsers(actor, { search: tag, sort: "created", direction: "asc", limit: 1 })).users[0].id).toBe(made[0])
    const entry = (await o.listUsers(actor, { search: `${tag}-1@` })).users[0]
    expect(entry).toMatchObject({ twoFactor: false, bannedAt: null })
    expect([...entry.roles].sort()).toEqual(["admin", "support"])
  })

  it("ends one or all of a user's sessions, bans and unbans, changes roles: each in the user's log with the admin as actor", async () => {
    const admin = await account("admin")
    const target = await account()
    const one = await signedIn(target.email)
    const two = await signedIn(target.email)
    const o = ops()
    const actor = fresh(admin.id)

    const listing = await o.listUserSessions(actor, target.id)
    if (strategy === "database") {
      expect(listing.status).toBe("ok")
      const sessions = listing.status === "ok" ? listing.sessions : []
      expect(sessions).toHaveLength(2)
      expect(await o.revokeUserSession(actor, target.id, sessions[0].id)).toBe("revoked")
      const alive = [await sessionOf(one), await sessionOf(two)].filter(Boolean)
      expect(alive).toHaveLength(1)
    } else {
      expect(listing).toEqual({ status: "jwt" })
      expect(await o.revokeUserSession(actor, target.id, "any")).toBe("jwt")
    }

    expect(await o.revokeAllUserSessions(actor, target.id)).toBe("done")
    expect(await sessionOf(one)).toBeNull()
    expect(await sessionOf(two)).toBeNull()

    expect(await o.setRoles(actor, target.id, ["admin"])).toBe("done")
    expect(await o.ban(actor, target.id, { reason: "abuse", until: null })).toBe("done")
    await expect(o.ban(actor, admin.id, { reason: "self", until: null })).rejects.toBeInstanceOf(PermissionDenied)
    expect(await o.unban(actor, target.id)).toBe("done")
    expect(await o.sendPasswordReset(actor, target.id)).toBe("done")
    expect(resetMails).toContain(target.email)
    expect(await o.disableTwoFactor(actor, target.id)).toBe("done")

    const events = await db.prisma.securityEvent.findMany({ where: { userId: target.id, actorId: admin.id }, select: { type: true } })
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(["sessions-revoked-by-admin", "roles-changed", "banned", "unbanned", "password-reset-sent", "two-factor-disabled-by-admin"]),
    )
    // The admin never learns or sets a password.
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).passwordHash).toMatch(/^scrypt|\$/)

    const doomed = await account()
    const doomedBrowser = await signedIn(doomed.email)
    expect(await o.deleteUser(actor, doomed.id)).toBe("done")
    expect(await db.prisma.user.findUnique({ where: { id: doomed.id } })).toBeNull()
    expect(await sessionOf(doomedBrowser)).toBeNull()
    expect(await db.prisma.securityEvent.count({ where: { type: "user-deleted", actorId: admin.id } })).toBe(1)
    expect(await o.deleteUser(actor, doomed.id)).toBe("no-such-user")
  })
})
