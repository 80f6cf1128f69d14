// db:migration's core: a schema change becomes a real Prisma migration for each provider,
// computed on scratch databases (no dev database is created or touched).
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises"
import { existsSync } from "node:fs"
import { randomBytes } from "node:crypto"
import { tmpdir } from "node:os"
import path from "node:path"
import Database from "better-sqlite3"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createMigration, planMigration } from "@/lib/db/create-migration"
import { PROJECT_ROOT, providerLayout } from "@/lib/db/layout"
import { migrateDatabase } from "@/lib/db/migrate"
import { parseDatabaseUrl, type PostgresTarget } from "@/lib/db/url"
import { dropPostgresDatabase, TEST_POSTGRES_SERVER } from "@/tests/helpers/db"

const postgresServer = parseDatabaseUrl(`${TEST_POSTGRES_SERVER}/postgres`) as PostgresTarget

async function scratchDatabasesLeft(): Promise<string[]> {
  const client = new pg.Client({ connectionString: `${TEST_POSTGRES_SERVER}/postgres` })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migration_scratch_%'",
    )
    return rows.map((row) => row.datname)
  } finally {
    await client.end()
  }
}

describe("createMigration", () => {
  let root: string
  const pgDatabase = `authtest_${randomBytes(6).toString("hex")}`

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "authtest-project-"))
    await cp(path.join(PROJECT_ROOT, "prisma"), path.join(root, "prisma"), {
      recursive: true,
      filter: (source) => !/\.db(-journal)?$/.test(source),
    })
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
    await dropPostgresDatabase(pgDatabase)
  })

  it("finds no changes in the committed schemas", async () => {
    expect(await planMigration({ provider: "sqlite", name: "noop", root })).toBeNull()
    expect(await planMigration({ provider: "postgresql", name: "noop", root, postgresServer })).toBeNull()
  })

  it("writes a migration per provider for a schema change, under one folder name", async () => {
    for (const provider of ["sqlite", "postgresql"] as const) {
      const { schemaPath } = providerLayout(provider, root)
      const schema = await readFile(schemaPath, "utf8")
      const changed = schema.replace(/(\n\s*image\s+String\?)/, "$1\n  locale        String?")
      expect(changed).not.toBe(schema)
      await writeFile(schemaPath, changed)
    }
    const sqlite = await createMigration({ provider: "sqlite", name: "add locale", root })
    expect(sqlite.folderName).toMatch(/^\d{14}_add_locale$/)
    const postgres = await createMigration({
      provider: "postgresql",
      name: "add locale",
      root,
      postgresServer,
      folderName: sqlite.folderName!,
    })
    expect(postgres.folderName).toBe(sqlite.folderName)

    const sqliteSql = await readFile(path.join(sqlite.path!, "migration.sql"), "utf8")
    const postgresSql = await readFile(path.join(postgres.path!, "migration.sql"), "utf8")
    expect(sqliteSql).toMatch(/ALTER TABLE "User" ADD COLUMN "locale" TEXT;/)
    expect(postgresSql).toMatch(/ALTER TABLE "User" ADD COLUMN\s+"locale" TEXT;/)

    // Nothing but the migrations changed in the project: no dev database appeared.
    expect(existsSync(path.join(root, "prisma/dev.db"))).toBe(false)
    expect(await scratchDatabasesLeft()).toEqual([])
    // Running it again finds nothing new.
    expect(await planMigration({ provider: "sqlite", name: "again", root })).toBeNull()
  })

  it("the new migrations apply on top of the existing ones", async () => {
    const sqliteUrl = `file:${path.join(root, "check.db")}`
    const { applied } = await migrateDatabase(sqliteUrl, { root })
    expect(applied.at(-1)).toMatch(/_add_locale$/)
    const db = new Database(path.join(root, "check.db"), { readonly: true })
    const columns = (db.prepare(`PRAGMA table_info("User")`).all() as { name: string }[]).map((c) => c.name)
    db.close()
    expect(columns).toContain("locale")

    const pgUrl = `${TEST_POSTGRES_SERVER}/${pgDatabase}`
    const pgResult = await migrateDatabase(pgUrl, { root })
    expect(pgResult.applied).toEqual((await readdir(providerLayout("postgresql", root).migrationsDir)).filter((n) => n !== "migration_lock.toml").sort())
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    const { rows } = await client.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'User' AND column_name = 'locale'",
    )
    await client.end()
    expect(rows).toHaveLength(1)
  })
})
