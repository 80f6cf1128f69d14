/**
 * The admin operations under bursts, on real SQLite and
 * PostgreSQL: two admins banning and unbanning the same user at once, a
 * burst of unbans of one ban, 50 "Revoke all sessions" at once. The end
 * state is one the log explains (its last ban entry says what the row
 * says), and an unban that lifted nothing writes nothing and tells nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, type AdminActor, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, SECRET } from "../support"

describe.each(["sqlite", "postgresql"] as const)("admin operations in bursts (%s, database sessions)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let n = 0
  const unbannedEvents: string[] = []

  async function account(roles: string | null = null): Promise<string> {
    const created = await signUp(db.prisma, { email: `burst-${provider}-${++n}@example.test`, name: `Person ${n}`, password: "admin bursts lantern 2026" })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return created.user.id
  }

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "database" },
      providers: [],
      events: { userUnbanned: ({ userId }) => void unbannedEvents.push(userId) },
    }
  })
  afterAll(() => db.cleanup())

  const actor = (userId: string): AdminActor => ({ userId, authenticatedAt: new Date() })
  const events = (userId: string, types: string[]) =>
    db.prisma.securityEvent.findMany({ where: { userId, type: { in: types } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })

  it("50 unbans of one ban by two admins at once: lifted once, one log entry, one userUnbanned", async () => {
    const [a, b, target] = [await account("admin"), await account("admin"), await account()]
    const ops = adminOperations(config)
    await ops.ban(actor(a), target, { reason: "spam", until: null })
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => ops.unban(actor(i % 2 ? a : b), target)))
    expect(new Set(results)).toEqual(new Set(["done"]))
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: target } })).bannedAt).toBeNull()
    expect(await events(target, ["unbanned"])).toHaveLength(1)
    expect(unbannedEvents.filter((id) => id === target)).toHaveLength(1)
  })

  it("two admins banning and unbanning the same user, 50 at once: the row is what the last log entry says", async () => {
    const [a, b, target] = [await account("admin"), await account("admin"), await account()]
    const ops = adminOperations(config)
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? ops.ban(actor(a), target, { reason: `reason ${i}`, until: new Date(Date.now() + 86_400_000) }) : ops.unban(actor(b), target),
    )
    expect(new Set(await Promise.all(calls))).toEqual(new Set(["done"]))
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: target } })
    const log = await events(target, ["banned", "unbanned"])
    expect(log.length).toBeGreaterThanOrEqual(1)
    expect(log.at(-1)!.type).toBe(row.bannedAt ? "banned" : "unbanned")
    // An unban is logged only after a ban it lifted: never two unbans in a row.
    for (let i = 1; i < log.length; i++) expect(`${log[i - 1]!.type}>${log[i]!.type}`).not.toBe("unbanned>unbanned")
    // Banned: no session survives the burst.
    if (row.bannedAt) expect(await db.prisma.session.count({ where: { userId: target } })).toBe(0)
  })

  it("50 parallel 'Revoke all sessions': every session ended, each call answered, no throw", async () => {
    const [a, target] = [await account("admin"), await account()]
    for (let i = 0; i < 5; i++) await db.prisma.session.create({ data: { sessionToken: `burst-${provider}-${target}-${i}`, userId: target, expires: new Date(Date.now() + 3_600_000) } })
    const ops = adminOperations(config)
    const results = await Promise.all(Array.from({ length: 50 }, () => ops.revokeAllUserSessions(actor(a), target)))
    expect(new Set(results)).toEqual(new Set(["done"]))
    expect(await db.prisma.session.count({ where: { userId: target } })).toBe(0)
    expect(await db.prisma.session.count({ where: { userId: a } })).toBe(0)
    expect(await events(target, ["sessions-revoked-by-admin"])).toHaveLength(50)
  })
})
