// AUTH_ADAPTER=drizzle: @auth/drizzle-adapter over the starter's own SQLite tables, made
// by the Prisma migrations. What the foreign adapter writes, the starter's Prisma reads see as its
// own (dates included: Prisma compares them as text), and the session list written with Drizzle
// lists and revokes.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter } from "@/lib/auth"
import { featureGapsNotice } from "@/lib/auth/adapters/foreign-adapter"
import { starterDrizzleAdapter } from "@/server/drizzle/adapter"
import { readPrismaInstant } from "@/server/drizzle/starter-tables"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

describe("the starter on @auth/drizzle-adapter (same SQLite file as Prisma)", () => {
  let db: TestDatabase
  let adapter: Adapter

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    adapter = starterDrizzleAdapter(db.url.slice("file:".length))
  })
  afterAll(async () => db?.cleanup())

  it("a user and a session written by the adapter are the starter's rows to Prisma, dates compared as Prisma compares them", async () => {
    const user = await adapter.createUser!({ id: "", email: "drizzle@example.com", emailVerified: new Date(), name: "Dee" })
    // Made by the Drizzle table's default, not Prisma's cuid(): proof of who wrote the row.
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/)
    const expires = new Date(Date.now() + 3_600_000)
    await adapter.createSession!({ sessionToken: "tok-1", userId: user.id, expires, userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" })

    const seen = await db.prisma.user.findUnique({ where: { email: "drizzle@example.com" }, include: { sessions: true } })
    expect(seen?.id).toBe(user.id)
    expect(seen?.sessions[0]?.expires.getTime()).toBe(expires.getTime())
    // A Prisma query that compares dates in SQL finds it live (an integer date would sort as expired).
    expect(await db.prisma.session.count({ where: { userId: user.id, expires: { gt: new Date() } } })).toBe(1)

    const found = await adapter.getSessionAndUser!("tok-1")
    expect(found?.session).toEqual({ sessionToken: "tok-1", userId: user.id, expires })
    const details = await adapter.getSessionDetails!("tok-1")
    expect(details?.session.authenticatedAt).toBeInstanceOf(Date)
  })

  it("lists the user's live sessions with their device and start, and revokes all but one through the adapter", async () => {
    const [user] = await db.prisma.user.findMany({ where: { email: "drizzle@example.com" } })
    await adapter.createSession!({ sessionToken: "tok-2", userId: user!.id, expires: new Date(Date.now() + 3_600_000) })
    await adapter.createSession!({ sessionToken: "tok-old", userId: user!.id, expires: new Date(Date.now() - 1_000) })
    const listed = await adapter.listSessions!(user!.id)
    expect(listed.map((s) => s.sessionToken).sort()).toEqual(["tok-1", "tok-2"])
    expect(listed.find((s) => s.sessionToken === "tok-1")?.userAgent).toMatch(/Firefox/)
    for (const s of listed) expect(s.createdAt).toBeInstanceOf(Date)

    expect(await adapter.deleteSessions!(user!.id, "tok-1")).toBe(2)
    expect((await db.prisma.session.findMany({ where: { userId: user!.id } })).map((s) => s.sessionToken)).toEqual(["tok-1"])
  })

  it("names at start-up what is off, and not what the starter supplies", () => {
    const notice = featureGapsNotice(adapter) ?? ""
    for (const off of ["two-factor sign-in", "security log", "sessions-valid-since", "roles and bans"]) expect(notice).toContain(off)
    for (const on of ["session list", "step-up"]) expect(notice).not.toContain(on)
  })

  it("reads the SQLite CURRENT_TIMESTAMP default and epoch milliseconds as UTC instants", () => {
    expect(readPrismaInstant("2026-11-28 13:00:00").toISOString()).toBe("2026-11-28T13:00:00.000Z")
    expect(readPrismaInstant("2026-11-28T13:00:00.000+00:00").toISOString()).toBe("2026-11-28T13:00:00.000Z")
    expect(readPrismaInstant(0).toISOString()).toBe("1970-01-01T00:00:00.000Z")
  })
})
