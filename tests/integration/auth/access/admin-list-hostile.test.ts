/**
 * The admin's user list fed what a hand-edited /admin URL or a
 * careless caller of the library can give it, on real SQLite and
 * PostgreSQL: LIKE wildcards and SQL-ish text in the search (matched as
 * text, never widening the list), NUL, unicode and 100 kB of search text,
 * role names made of wildcards, page sizes that are not numbers, and
 * cursors that name nobody. Each is a page (maybe empty), never a throw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, type AdminActor, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, SECRET } from "../support"

describe.each(["sqlite", "postgresql"] as const)("the admin's user list, hostile queries (%s)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let actor: AdminActor
  const ids: Record<string, string> = {}

  async function person(key: string, email: string, name: string, roles: string | null = null): Promise<void> {
    const created = await signUp(db.prisma, { email, name, password: "hostile list lantern 2026" })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    ids[key] = created.user.id
  }

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = { secret: SECRET, basePath: BASE, trustHost: true, adapter: PrismaAdapter(db.prisma), providers: [] }
    await person("admin", "boss@example.test", "Boss", "admin")
    await person("percent", "percent@example.test", "100% Real")
    await person("underscore", "under_score@example.test", "Under Score")
    await person("plain", "plain@example.test", "Plain Person")
    await person("unicode", "zoe@example.test", "Zoë 北京")
    actor = { userId: ids.admin!, authenticatedAt: new Date() }
  })
  afterAll(() => db.cleanup())

  const list = (query: Parameters<ReturnType<typeof adminOperations>["listUsers"]>[1]) => adminOperations(config).listUsers(actor, query)
  const found = async (search: string) => (await list({ search })).users.map((u) => u.id).sort()

  it("LIKE wildcards in the search are matched as text: % and _ find only who has them", async () => {
    expect(await found("%")).toEqual([ids.percent])
    expect(await found("_")).toEqual([ids.underscore])
    expect(await found("0%")).toEqual([ids.percent])
    // "p_ain" would match "plain" as a LIKE pattern.
    expect(await found("p_ain")).toEqual([])
    expect(await found("%example%")).toEqual([])
    expect(await found("\\")).toEqual([])
    expect(await found("\\%")).toEqual([])
  })

  it("a wildcard search pages like any other: full pages, each match once", async () => {
    for (let i = 0; i < 5; i++) await person(`page${i}`, `page_${i}@example.test`, `Page ${i}`)
    const seen: string[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 10; pages++) {
      const page = await list({ search: "_", limit: 2, ...(cursor ? { cursor } : {}) })
      seen.push(...page.users.map((u) => u.id))
      if (!page.nextCursor) break
      expect(page.users).toHaveLength(2)
      cursor = page.nextCursor
    }
    expect(seen.sort()).toEqual([ids.underscore, ...[0, 1, 2, 3, 4].map((i) => ids[`page${i}`])].sort())
    for (let i = 0; i < 5; i++) await db.prisma.user.delete({ where: { id: ids[`page${i}`]! } })
  })

  it("SQL-ish, NUL, unicode and huge search text: a page, never a throw, never everyone", async () => {
    expect(await found("' OR 1=1 --")).toEqual([])
    expect(await found('") OR ("1"="1')).toEqual([])
    expect(await found("plain\u0000@example.test")).toEqual([ids.plain])
    expect(await found("\u0000")).toHaveLength(5)
    expect(await found("北京")).toEqual([ids.unicode])
    expect(await found("zoë")).toEqual([ids.unicode])
    expect(await found("\u{1F600}\uD800")).toEqual([])
    expect(await found("a".repeat(100_000))).toEqual([])
  })

  it("a role filter made of wildcards matches no role", async () => {
    expect((await list({ role: "_dmin" })).users).toEqual([])
    expect((await list({ role: "%" })).users).toEqual([])
    expect((await list({ role: "admin" })).users.map((u) => u.id)).toEqual([ids.admin])
  })

  it("page sizes that are not a count: the default or the bounds, never a throw", async () => {
    for (const limit of [Number.NaN, -5, 0, 0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e12]) {
      const page = await list({ limit })
      expect(page.users.length, String(limit)).toBeGreaterThanOrEqual(1)
      expect(page.users.length, String(limit)).toBeLessThanOrEqual(100)
    }
    expect((await list({ limit: Number.NaN })).users).toHaveLength(5)
    expect((await list({ limit: -5 })).users).toHaveLength(1)
  })

  it("cursors that name nobody, or someone the filter leaves out: a page, never a throw", async () => {
    for (const cursor of ["no-such-user", "\u0000", "x".repeat(10_000), "' OR 1=1 --"]) {
      const page = await list({ cursor })
      expect(Array.isArray(page.users), cursor.slice(0, 20)).toBe(true)
    }
    const page = await list({ search: "plain", cursor: ids.admin })
    expect(page.users.every((u) => u.id === ids.plain)).toBe(true)
  })
})
