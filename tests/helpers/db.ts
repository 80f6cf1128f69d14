// Fresh, fully migrated databases for tests: a temp SQLite file, or a new PostgreSQL
// database authtest_<random> on the local server. Each is removed by cleanup().
import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createPrismaClient, sqliteDatabaseFile, type DbClient } from "@/lib/db/client"
import { migrateDatabase } from "@/lib/db/migrate"
import type { DatabaseProvider } from "@/lib/db/url"

/** The PostgreSQL server tests use (trust auth, user postgres). */
export const TEST_POSTGRES_SERVER = "postgresql://postgres@127.0.0.1:5432"

export interface TestDatabase {
  readonly provider: DatabaseProvider
  readonly url: string
  readonly prisma: DbClient
  cleanup(): Promise<void>
}

export async function createTestDatabase(provider: DatabaseProvider): Promise<TestDatabase> {
  return provider === "sqlite" ? createSqlite() : createPostgres()
}

async function createSqlite(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), "authtest-"))
  const url = `file:${path.join(dir, "test.db")}`
  try {
    await migrateDatabase(url)
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  const prisma = createPrismaClient(url)
  return {
    provider: "sqlite",
    url,
    prisma,
    async cleanup() {
      await prisma.$disconnect()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

async function createPostgres(): Promise<TestDatabase> {
  const database = `authtest_${randomBytes(6).toString("hex")}`
  const url = `${TEST_POSTGRES_SERVER}/${database}`
  // migrateDatabase creates the database, as `prisma migrate deploy` does.
  try {
    await migrateDatabase(url)
  } catch (error) {
    await dropPostgresDatabase(database)
    throw error
  }
  const prisma = createPrismaClient(url)
  return {
    provider: "postgresql",
    url,
    prisma,
    async cleanup() {
      await prisma.$disconnect()
      await dropPostgresDatabase(database)
    },
  }
}

export async function dropPostgresDatabase(database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${TEST_POSTGRES_SERVER}/postgres` })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/** A migrated database of `provider` with the Prisma adapter on it; the caller drops it with `db.cleanup()`. */
export async function adapterOnNewDatabase(
  provider: DatabaseProvider,
): Promise<{ db: TestDatabase; adapter: ReturnType<typeof PrismaAdapter> }> {
  const db = await createTestDatabase(provider)
  // As auth.ts builds it: on SQLite the session lookup reads the file through its own connection.
  return { db, adapter: PrismaAdapter(db.prisma, { sqliteFile: sqliteDatabaseFile(db.url) }) }
}
