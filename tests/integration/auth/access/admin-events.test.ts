/**
 * The library's admin events on real SQLite: each fires once, with the admin as actor,
 * after its change is stored (a handler reading the database sees the new state); the command
 * line's calls (banUser/unbanUser with no actor) fire them with actorId null; a refused operation
 * fires nothing; the ban events never carry the admin's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, banUser, PermissionDenied, startImpersonation, stopImpersonation, unbanUser, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET } from "../support"

const PASSWORD = "admin-events-password-6630"

describe("admin events", () => {
  let db: TestDatabase
  let config: AuthConfig
  const fired: { name: string; message: Record<string, unknown>; bannedInDatabase: boolean }[] = []
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    // Each handler notes what the database says at the moment it runs: the change must be stored by then.
    const record = (name: string) => async (message: Record<string, unknown>) => {
      const row = await db.prisma.user.findUnique({ where: { id: String(message.userId) }, select: { bannedAt: true } })
      fired.push({ name, message, bannedInDatabase: Boolean(row?.bannedAt) })
    }
    config = {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "database", revocationDelay: 60, revocationCache: new ValidSinceCache() },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
      events: {
        userBanned: record("userBanned"),
        userUnbanned: record("userUnbanned"),
        sessionsRevokedByAdmin: record("sessionsRevokedByAdmin"),
        twoFactorDisabledByAdmin: record("twoFactorDisabledByAdmin"),
        impersonationStarted: record("impersonationStarted"),
        impersonationStopped: record("impersonationStopped"),
      },
    }
  })
  afterAll(() => db.cleanup())

  async function account(roles?: string) {
    const email = `events-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  const take = () => fired.splice(0)

  it("each operation fires its event once, after the change, with the admin as actor", async () => {
    const admin = await account("admin")
    const user = await account()
    const actor = { userId: admin.id, authenticatedAt: new Date() }
    const ops = adminOperations(config)
    const until = new Date(Date.now() + 86_400_000)

    await ops.ban(actor, user.id, { reason: "secret admin note", until })
    expect(take()).toEqual([{ name: "userBanned", message: { userId: user.id, until, actorId: admin.id }, bannedInDatabase: true }])

    await ops.unban(actor, user.id)
    expect(take()).toEqual([{ name: "userUnbanned", message: { userId: user.id, actorId: admin.id }, bannedInDatabase: false }])
    // Nothing was in force: no event, though the call succeeds.
    expect(await ops.unban(actor, user.id)).toBe("done")
    expect(take()).toEqual([])

    await ops.revokeAllUserSessions(actor, user.id)
    expect(take().map((e) => e.message)).toEqual([{ userId: user.id, actorId: admin.id, scope: "all" }])

    // Two-factor was off: nothing changed, nothing fired.
    await ops.disableTwoFactor(actor, user.id)
    expect(take()).toEqual([])

    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: admin.email, password: PASSWORD })
    const request = new Request(`${ORIGIN}/admin`, { headers: { cookie: browser.cookieHeader() } })
    const { cookies } = await startImpersonation(config, request, actor, user.id, "ticket 12")
    const [started] = take()
    expect(started?.name).toBe("impersonationStarted")
    expect(started?.message).toMatchObject({ userId: user.id, actorId: admin.id, reason: "ticket 12" })
    const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ")
    expect((await stopImpersonation(config, new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader } }))).status).toBe("stopped")
    expect(take().map((e) => [e.name, e.message])).toEqual([["impersonationStopped", { userId: user.id, actorId: admin.id }]])
  })

  it("the command line's ban and unban fire with no actor; a refused operation fires nothing", async () => {
    const user = await account()
    await banUser(config, user.id, { reason: "cli note", until: null })
    await unbanUser(config, user.id)
    expect(take().map((e) => [e.name, e.message])).toEqual([
      ["userBanned", { userId: user.id, until: null, actorId: null }],
      ["userUnbanned", { userId: user.id, actorId: null }],
    ])

    const plain = await account()
    const refused = await adminOperations(config)
      .ban({ userId: plain.id, authenticatedAt: new Date() }, user.id, { reason: "x", until: null })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PermissionDenied)
    expect(take()).toEqual([])
  })
})
