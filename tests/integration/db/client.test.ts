// lib/db/client.ts picks the generated client and driver adapter by URL; tests/helpers/db.ts
// hands out fresh migrated databases and removes them.
import { existsSync } from "node:fs"
import path from "node:path"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { createPrismaClient, getPrisma, prisma } from "@/lib/db/client"
import { createTestDatabase, TEST_POSTGRES_SERVER, type TestDatabase } from "@/tests/helpers/db"

async function postgresDatabaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${TEST_POSTGRES_SERVER}/postgres` })
  await client.connect()
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1
  } finally {
    await client.end()
  }
}

describe.each(["sqlite", "postgresql"] as const)("createTestDatabase(%s)", (provider) => {
  it("gives a fresh migrated database with a working client, removed by cleanup", async () => {
    const db = await createTestDatabase(provider)
    const location = provider === "sqlite" ? db.url.slice("file:".length) : new URL(db.url).pathname.slice(1)
    const exists = () => (provider === "sqlite" ? Promise.resolve(existsSync(location)) : postgresDatabaseExists(location))
    try {
      expect(db.provider).toBe(provider)
      if (provider === "postgresql") expect(location).toMatch(/^authtest_[0-9a-f]+$/)
      expect(await db.prisma.user.count()).toBe(0)
      const user = await db.prisma.user.create({
        data: { email: "a@example.test", accounts: { create: { type: "oidc", provider: "idp", providerAccountId: "1" } } },
        include: { accounts: true },
      })
      expect(user.accounts).toHaveLength(1)
      // Unique key and cascade come from the migration.
      await expect(db.prisma.user.create({ data: { email: "a@example.test" } })).rejects.toThrow()
      await db.prisma.user.delete({ where: { id: user.id } })
      expect(await db.prisma.account.count()).toBe(0)
      expect(await exists()).toBe(true)
    } finally {
      await db.cleanup()
    }
    expect(await exists()).toBe(false)
  })
})

describe("createPrismaClient", () => {
  const databases: TestDatabase[] = []
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.cleanup()))
  })

  it("talks to SQLite for a file: URL and to PostgreSQL for a postgres:// URL", async () => {
    const sqlite = await createTestDatabase("sqlite")
    const postgres = await createTestDatabase("postgresql")
    databases.push(sqlite, postgres)
    const viaSqlite = createPrismaClient(sqlite.url)
    const viaPostgres = createPrismaClient(postgres.url.replace(/^postgresql:/, "postgres:"))
    try {
      const [sqliteRow] = await viaSqlite.$queryRawUnsafe<{ v: string }[]>("SELECT sqlite_version() AS v")
      expect(sqliteRow?.v).toMatch(/^3\./)
      const [pgRow] = await viaPostgres.$queryRawUnsafe<{ v: string }[]>("SELECT version() AS v")
      expect(pgRow?.v).toMatch(/^PostgreSQL /)
      // Each sees the rows its own database holds.
      await sqlite.prisma.user.create({ data: { email: "only-in-sqlite@example.test" } })
      expect(await viaSqlite.user.count()).toBe(1)
      expect(await viaPostgres.user.count()).toBe(0)
    } finally {
      await viaSqlite.$disconnect()
      await viaPostgres.$disconnect()
    }
  })

  it("resolves a relative SQLite path against the working directory", async () => {
    const sqlite = await createTestDatabase("sqlite")
    databases.push(sqlite)
    const absolute = sqlite.url.slice("file:".length)
    const client = createPrismaClient(`file:${path.relative(process.cwd(), absolute)}`)
    try {
      await sqlite.prisma.user.create({ data: { email: "relative@example.test" } })
      expect(await client.user.count()).toBe(1)
    } finally {
      await client.$disconnect()
    }
  })
})

describe("getPrisma / prisma", () => {
  it("is one client per process, cached on globalThis, created lazily from DATABASE_URL", async () => {
    const db = await createTestDatabase("sqlite")
    const previous = process.env.DATABASE_URL
    process.env.DATABASE_URL = db.url
    try {
      const first = getPrisma()
      expect(getPrisma()).toBe(first)
      expect((globalThis as { __starterPrisma?: unknown }).__starterPrisma).toBe(first)
      await db.prisma.user.create({ data: { email: "singleton@example.test" } })
      // The exported value delegates to the same client, methods bound.
      expect(await prisma.user.count()).toBe(1)
      expect(await prisma.$transaction([prisma.user.count(), prisma.session.count()])).toEqual([1, 0])
      await first.$disconnect()
    } finally {
      process.env.DATABASE_URL = previous
      await db.cleanup()
    }
  })
})
