/**
 * The Prisma adapter's session details and listing on SQLite and PostgreSQL:
 * what Settings › Sessions reads, that one user's calls never reach another
 * user's rows, that rows written the Auth.js way (without the new columns)
 * still read, and that the migration adds the columns to a database that
 * already holds sessions.
 */
import { cp, mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createPrismaClient } from "@/lib/db/client"
import { PROJECT_ROOT, providerLayout } from "@/lib/db/layout"
import { migrateDatabase } from "@/lib/db/migrate"
import { adapterOnNewDatabase, dropPostgresDatabase, TEST_POSTGRES_SERVER, type TestDatabase } from "@/tests/helpers/db"

const MIGRATION = "20261124034923_session_details"
const DAY = 24 * 60 * 60 * 1000

describe.each(["sqlite", "postgresql"] as const)("PrismaAdapter session listing on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => ({ db, adapter } = await adapterOnNewDatabase(provider)))
  afterAll(() => db?.cleanup())

  const newUser = async () =>
    (await adapter.createUser({ id: "", email: `s-${crypto.randomUUID()}@example.com`, emailVerified: null })).id
  const token = () => `tok-${crypto.randomUUID()}`
  const inDays = (days: number) => new Date(Date.now() + days * DAY)

  it("createSession stores the user agent and first activity; createdAt comes from the default", async () => {
    const userId = await newUser()
    const before = Date.now() - 1000
    const sessionToken = token()
    await adapter.createSession({ sessionToken, userId, expires: inDays(30), lastActiveAt: new Date(), userAgent: "Firefox/133" })
    const [listed] = await adapter.listSessions(userId)
    expect(listed).toMatchObject({ sessionToken, userId, userAgent: "Firefox/133" })
    expect(listed!.createdAt!.getTime()).toBeGreaterThanOrEqual(before)
    expect(listed!.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(before)
  })

  it("listSessions returns only the user's unexpired sessions, most recently active first", async () => {
    const userId = await newUser()
    const stranger = await newUser()
    const [older, newer, expired, theirs] = [token(), token(), token(), token()]
    await adapter.createSession({ sessionToken: older, userId, expires: inDays(30), lastActiveAt: new Date(Date.now() - 3 * DAY) })
    await adapter.createSession({ sessionToken: newer, userId, expires: inDays(30), lastActiveAt: new Date() })
    await adapter.createSession({ sessionToken: expired, userId, expires: new Date(Date.now() - 1000) })
    await adapter.createSession({ sessionToken: theirs, userId: stranger, expires: inDays(30) })
    expect((await adapter.listSessions(userId)).map((s) => s.sessionToken)).toEqual([newer, older])
    expect((await adapter.listSessions(stranger)).map((s) => s.sessionToken)).toEqual([theirs])
  })

  it("updateSession records activity along with the slid expiry", async () => {
    const userId = await newUser()
    const sessionToken = token()
    await adapter.createSession({ sessionToken, userId, expires: inDays(1) })
    const at = new Date(Date.now() - 5000)
    await adapter.updateSession({ sessionToken, expires: inDays(30), lastActiveAt: at })
    const [listed] = await adapter.listSessions(userId)
    expect(listed!.lastActiveAt!.getTime()).toBe(at.getTime())
    expect(listed!.expires.getTime()).toBeGreaterThan(inDays(29).getTime())
  })

  it("deleteSessions ends every session of the user but the one kept, and no one else's", async () => {
    const userId = await newUser()
    const stranger = await newUser()
    const [keep, a, b, theirs] = [token(), token(), token(), token()]
    for (const t of [keep, a, b]) await adapter.createSession({ sessionToken: t, userId, expires: inDays(30) })
    await adapter.createSession({ sessionToken: theirs, userId: stranger, expires: inDays(30) })
    // The kept token of another user protects nothing of theirs and deletes nothing of this user.
    expect(await adapter.deleteSessions(stranger, keep)).toBe(1)
    expect((await adapter.listSessions(userId)).map((s) => s.sessionToken).sort()).toEqual([keep, a, b].sort())
    expect(await adapter.deleteSessions(userId, keep)).toBe(2)
    expect((await adapter.listSessions(userId)).map((s) => s.sessionToken)).toEqual([keep])
    expect(await adapter.deleteSessions(userId)).toBe(1)
    expect(await adapter.listSessions(userId)).toEqual([])
  })

  it("deleteSessionsImpersonatedBy ends the sessions one admin started as others, and nothing else", async () => {
    const [admin, otherAdmin, target] = [await newUser(), await newUser(), await newUser()]
    const [own, byAdmin, byAdmin2, byOther, targets] = [token(), token(), token(), token(), token()]
    await adapter.createSession({ sessionToken: own, userId: admin, expires: inDays(30) })
    await adapter.createSession({ sessionToken: byAdmin, userId: target, expires: inDays(1), impersonatedBy: admin, impersonationReason: "r" })
    await adapter.createSession({ sessionToken: byAdmin2, userId: otherAdmin, expires: inDays(1), impersonatedBy: admin, impersonationReason: "r" })
    await adapter.createSession({ sessionToken: byOther, userId: target, expires: inDays(1), impersonatedBy: otherAdmin, impersonationReason: "r" })
    await adapter.createSession({ sessionToken: targets, userId: target, expires: inDays(30) })
    expect(await adapter.deleteSessionsImpersonatedBy(admin)).toBe(2)
    expect((await adapter.listSessions(target)).map((s) => s.sessionToken).sort()).toEqual([byOther, targets].sort())
    expect((await adapter.listSessions(admin)).map((s) => s.sessionToken)).toEqual([own])
    expect(await adapter.listSessions(otherAdmin)).toEqual([])
  })

  it("stopImpersonationSession marks an impersonation once, leaves plain sessions alone, and hides the row from every list", async () => {
    const [admin, target] = [await newUser(), await newUser()]
    const [impersonation, plain] = [token(), token()]
    await adapter.createSession({ sessionToken: impersonation, userId: target, expires: inDays(1), impersonatedBy: admin, impersonationReason: "r" })
    await adapter.createSession({ sessionToken: plain, userId: target, expires: inDays(30) })
    const stoppedAt = new Date()
    const expires = new Date(stoppedAt.getTime() + 5 * 60_000)

    // Ten stops at once, as a double click or a burst sends them: exactly one marks the row.
    const marks = await Promise.all(Array.from({ length: 10 }, () => adapter.stopImpersonationSession(impersonation, { stoppedAt, expires })))
    expect(marks.filter(Boolean)).toHaveLength(1)
    expect(await adapter.stopImpersonationSession(plain, { stoppedAt, expires })).toBe(false)
    expect(await adapter.stopImpersonationSession("no-such-token", { stoppedAt, expires })).toBe(false)

    // The lookup still finds it, marked, with the short expiry; the user's list does not show it.
    const found = await adapter.getSessionDetails(impersonation)
    expect(found?.session.impersonationStoppedAt?.getTime()).toBe(stoppedAt.getTime())
    expect(found?.session.expires.getTime()).toBe(expires.getTime())
    expect((await adapter.getSessionDetails(plain))?.session.impersonationStoppedAt).toBeNull()
    expect((await adapter.listSessions(target)).map((s) => s.sessionToken)).toEqual([plain])
  })

  it("a row written the Auth.js way, without the new columns, reads through every session method", async () => {
    const userId = await newUser()
    const sessionToken = token()
    const expires = inDays(30)
    // Auth.js's adapter knows only these three columns.
    await db.prisma.$executeRaw`INSERT INTO "Session" ("sessionToken", "userId", "expires") VALUES (${sessionToken}, ${userId}, ${expires})`
    const found = await adapter.getSessionAndUser(sessionToken)
    expect(found?.session).toMatchObject({ sessionToken, userId })
    expect(found?.session.expires.getTime()).toBe(expires.getTime())
    const [listed] = await adapter.listSessions(userId)
    expect(listed).toMatchObject({ sessionToken, lastActiveAt: null, userAgent: null })
    // The database's own default, read back as the right instant (no time-zone shift).
    expect(Math.abs(listed!.createdAt!.getTime() - Date.now())).toBeLessThan(60_000)
    expect(await adapter.updateSession({ sessionToken, expires: inDays(31) })).toMatchObject({ sessionToken })
    expect(await adapter.deleteSession(sessionToken)).toMatchObject({ sessionToken })
  })
})

describe.each(["sqlite", "postgresql"] as const)("the session_details migration on %s", (provider) => {
  let root: string
  let url: string
  let dispose: () => Promise<void>

  beforeAll(async () => {
    // A project root whose migrations stop just before this one: the database as it was.
    root = await mkdtemp(path.join(tmpdir(), "session-migration-"))
    const { migrationsDir } = providerLayout(provider)
    const target = providerLayout(provider, root).migrationsDir
    await cp(migrationsDir, target, { recursive: true })
    // This migration and every later one: the database predates them all.
    for (const name of await readdir(target)) {
      if (name >= MIGRATION && name !== "migration_lock.toml") await rm(path.join(target, name), { recursive: true })
    }
    if (provider === "sqlite") {
      url = `file:${path.join(root, "old.db")}`
      dispose = async () => {}
    } else {
      const name = `authtest_sessmig_${randomBytes(5).toString("hex")}`
      url = `${TEST_POSTGRES_SERVER}/${name}`
      dispose = () => dropPostgresDatabase(name)
    }
  })
  afterAll(async () => {
    await dispose?.()
    await rm(root, { recursive: true, force: true })
  })

  it("applies to a database holding Auth.js sessions, which keep working with the new columns filled by defaults", async () => {
    const before = await migrateDatabase(url, { root })
    expect(before.applied).not.toContain(MIGRATION)
    const legacy = createPrismaClient(url)
    const sessionToken = `legacy-${crypto.randomUUID()}`
    const expires = new Date(Date.now() + 30 * DAY)
    try {
      await legacy.$executeRaw`INSERT INTO "User" ("id", "email") VALUES ('legacy-user', 'legacy@example.com')`
      await legacy.$executeRaw`INSERT INTO "Session" ("sessionToken", "userId", "expires") VALUES (${sessionToken}, 'legacy-user', ${expires})`
    } finally {
      await legacy.$disconnect()
    }

    const after = await migrateDatabase(url, { root: PROJECT_ROOT })
    const later = (await readdir(providerLayout(provider).migrationsDir)).filter((n) => n > MIGRATION && n !== "migration_lock.toml").sort()
    expect(after.applied).toEqual([MIGRATION, ...later])

    const prisma = createPrismaClient(url)
    try {
      const adapter = PrismaAdapter(prisma)
      expect((await adapter.getSessionAndUser(sessionToken))?.user.id).toBe("legacy-user")
      const [listed] = await adapter.listSessions("legacy-user")
      expect(listed).toMatchObject({ sessionToken, lastActiveAt: null, userAgent: null })
      expect(listed!.expires.getTime()).toBe(expires.getTime())
      expect(listed!.createdAt).toBeInstanceOf(Date)
    } finally {
      await prisma.$disconnect()
    }
  })
})
