// Migration round trip on real databases: a temp SQLite file and a fresh PostgreSQL database.
import { createHash, randomBytes } from "node:crypto"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import Database from "better-sqlite3"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createPrismaClient } from "@/lib/db/client"
import { prepareDatabase } from "@/lib/db/connection"
import { providerLayout } from "@/lib/db/layout"
import { migrateDatabase } from "@/lib/db/migrate"
import { parseDatabaseUrl, type DatabaseProvider } from "@/lib/db/url"
import { dropPostgresDatabase, TEST_POSTGRES_SERVER } from "@/tests/helpers/db"
import { modelNames, parseSchemaBlocks, uniqueIndexNames } from "@/tests/helpers/prisma-schema"
import { runBin } from "@/tests/helpers/run"

// These tests spawn the Prisma CLI two or three times; each start takes 10-40 s on a busy 2-core machine.
vi.setConfig({ testTimeout: 180_000 })

interface MigrationRow {
  id: string
  checksum: string
  finished_at: unknown
  migration_name: string
  logs: string | null
  rolled_back_at: unknown
  started_at: unknown
  applied_steps_count: number
}

/** A database that does not exist yet, plus read-only catalog queries on it. */
interface Fixture {
  url: string
  tables(): Promise<string[]>
  uniqueIndexes(): Promise<string[]>
  migrationRows(): Promise<MigrationRow[]>
  dispose(): Promise<void>
}

async function sqliteFixture(): Promise<Fixture> {
  const dir = await mkdtemp(path.join(tmpdir(), "authtest-migrate-"))
  const file = path.join(dir, "nested", "app.db")
  const query = <T>(sql: string): T[] => {
    const db = new Database(file, { readonly: true })
    try {
      return db.prepare(sql).all() as T[]
    } finally {
      db.close()
    }
  }
  return {
    url: `file:${file}`,
    tables: async () =>
      query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map((r) => r.name),
    uniqueIndexes: async () =>
      query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE 'CREATE UNIQUE INDEX%'").map(
        (r) => r.name,
      ),
    migrationRows: async () => query<MigrationRow>('SELECT * FROM "_prisma_migrations" ORDER BY migration_name'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

async function postgresFixture(): Promise<Fixture> {
  const database = `authtest_${randomBytes(6).toString("hex")}`
  const url = `${TEST_POSTGRES_SERVER}/${database}`
  const query = async <T>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(sql)).rows as T[]
    } finally {
      await client.end()
    }
  }
  return {
    url,
    tables: async () =>
      (
        await query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
        )
      ).map((r) => r.table_name),
    uniqueIndexes: async () =>
      (
        await query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE 'CREATE UNIQUE INDEX%' AND indexname NOT LIKE '%_pkey'",
        )
      ).map((r) => r.indexname),
    migrationRows: () => query<MigrationRow>('SELECT * FROM "_prisma_migrations" ORDER BY migration_name'),
    dispose: () => dropPostgresDatabase(database),
  }
}

const FIXTURES: Record<DatabaseProvider, () => Promise<Fixture>> = { sqlite: sqliteFixture, postgresql: postgresFixture }

function migrationsOnDisk(provider: DatabaseProvider): { name: string; checksum: string }[] {
  const { migrationsDir } = providerLayout(provider)
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      name,
      checksum: createHash("sha256").update(readFileSync(path.join(migrationsDir, name, "migration.sql"))).digest("hex"),
    }))
}

function expectRowsAsPrismaWritesThem(rows: MigrationRow[], provider: DatabaseProvider): void {
  const onDisk = migrationsOnDisk(provider)
  expect(rows.map((row) => row.migration_name)).toEqual(onDisk.map((m) => m.name))
  rows.forEach((row, i) => {
    expect(row.checksum).toBe(onDisk[i]!.checksum)
    expect(row.finished_at).not.toBeNull()
    expect(row.started_at).not.toBeNull()
    expect(row.rolled_back_at).toBeNull()
    expect(row.logs).toBeNull()
    expect(Number(row.applied_steps_count)).toBe(1)
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })
}

describe.each(["sqlite", "postgresql"] as const)("migrateDatabase on %s", (provider) => {
  const schema = parseSchemaBlocks(readFileSync(providerLayout(provider).schemaPath, "utf8"))
  let fixture: Fixture

  beforeAll(async () => {
    fixture = await FIXTURES[provider]()
  })
  afterAll(async () => {
    await fixture.dispose()
  })

  it("has migrations in Prisma's layout for this provider", () => {
    const { migrationsDir } = providerLayout(provider)
    expect(readFileSync(path.join(migrationsDir, "migration_lock.toml"), "utf8")).toBe(
      "# Please do not edit this file manually\n" +
        "# It should be added in your version-control system (e.g., Git)\n" +
        `provider = "${provider}"\n`,
    )
    const names = migrationsOnDisk(provider).map((m) => m.name)
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(name).toMatch(/^\d{14}_\w+$/)
  })

  it("creates the database and applies every migration", async () => {
    const { applied } = await migrateDatabase(fixture.url)
    expect(applied).toEqual(migrationsOnDisk(provider).map((m) => m.name))
  })

  it("creates every table and unique key of the schema", async () => {
    expect((await fixture.tables()).sort()).toEqual([...modelNames(schema), "_prisma_migrations"].sort())
    const expectedUnique = uniqueIndexNames(schema)
    expect(expectedUnique).toContain("User_email_key")
    expect((await fixture.uniqueIndexes()).sort()).toEqual(expectedUnique)
  })

  it("records _prisma_migrations rows as Prisma writes them", async () => {
    expectRowsAsPrismaWritesThem(await fixture.migrationRows(), provider)
  })

  it("applies nothing on a second run and keeps existing data", async () => {
    const prisma = createPrismaClient(fixture.url)
    try {
      await prisma.user.create({ data: { email: `keep-${provider}@example.test`, name: "Kept" } })
      const before = await fixture.migrationRows()
      expect(await migrateDatabase(fixture.url)).toEqual({ applied: [] })
      expect(await fixture.migrationRows()).toEqual(before)
      expect(await prisma.user.findUnique({ where: { email: `keep-${provider}@example.test` } })).toMatchObject({
        name: "Kept",
      })
    } finally {
      await prisma.$disconnect()
    }
  })
})

// Each case spawns the Prisma CLI two or three times (a few seconds each on a quiet
// machine, far more when the cores are shared), so these get more than the default.
describe.each(["sqlite", "postgresql"] as const)("stock Prisma CLI agrees on %s", { timeout: 120_000 }, (provider) => {
  const config = providerLayout(provider).configPath
  const prisma = (command: string, url: string) =>
    runBin("prisma", ["migrate", command, "--config", config], { DATABASE_URL: url })
  const fixtures: Fixture[] = []
  afterAll(async () => {
    await Promise.all(fixtures.map((f) => f.dispose()))
  })

  it("`prisma migrate deploy` then `status`, and migrateDatabase has nothing left to apply", async () => {
    const fixture = await FIXTURES[provider]()
    fixtures.push(fixture)
    const deploy = await prisma("deploy", fixture.url)
    expect(deploy.stderr + deploy.stdout).toContain("All migrations have been successfully applied.")
    expect(deploy.code).toBe(0)
    const status = await prisma("status", fixture.url)
    expect(status.stdout).toContain("Database schema is up to date!")
    expect(status.code).toBe(0)
    expectRowsAsPrismaWritesThem(await fixture.migrationRows(), provider)
    expect(await migrateDatabase(fixture.url)).toEqual({ applied: [] })
  })

  it("`prisma migrate status` reports pending migrations, then up to date after migrateDatabase", async () => {
    const fixture = await FIXTURES[provider]()
    fixtures.push(fixture)
    await prepareDatabase(parseDatabaseUrl(fixture.url), { create: true }) // empty, no _prisma_migrations
    const pending = await prisma("status", fixture.url)
    // "migration" or "migrations" (Prisma bolds the "s" with ANSI codes when there are several).
    expect(pending.stdout.replace(/\x1b\[[0-9;]*m/g, "")).toMatch(/Following migrations? have not yet been applied:/)
    expect(pending.stdout).toContain(migrationsOnDisk(provider).at(-1)!.name)
    expect(pending.code).toBe(1)
    expect(await fixture.tables()).toEqual([]) // status wrote nothing

    await migrateDatabase(fixture.url)
    const status = await prisma("status", fixture.url)
    expect(status.stdout).toContain("Database schema is up to date!")
    expect(status.code).toBe(0)
    const deploy = await prisma("deploy", fixture.url)
    expect(deploy.stdout).toContain("No pending migrations to apply.")
    expect(deploy.code).toBe(0)
  })

  it("`prisma migrate diff` finds no difference between the migrations and the schema", async () => {
    const { migrationsDir, schemaPath } = providerLayout(provider)
    const fixture = await FIXTURES[provider]()
    fixtures.push(fixture)
    // PostgreSQL needs the main database to create the shadow database from (as with the native engine).
    if (provider === "postgresql") await migrateDatabase(fixture.url)
    const diff = await runBin(
      "prisma",
      ["migrate", "diff", "--config", config, "--from-migrations", migrationsDir, "--to-schema", schemaPath, "--exit-code"],
      { DATABASE_URL: fixture.url },
    )
    expect(diff.stdout).toContain("No difference detected.")
    expect(diff.code).toBe(0)
    // The scratch and shadow work happened elsewhere: the configured database was not created.
    if (provider === "sqlite") expect(existsSync(fixture.url.slice("file:".length))).toBe(false)
  })
})
