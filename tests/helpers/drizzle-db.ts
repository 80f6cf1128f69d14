// A fresh database with the tables of Auth.js's Drizzle guide (examples/drizzle/schema.*.sql, no
// Prisma migration) and @auth/drizzle-adapter over it, as an app on that guide has them: a temp
// SQLite file through better-sqlite3, or a new PostgreSQL database authdrizzle_<random> through pg.
import { randomBytes } from "node:crypto"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import Database from "better-sqlite3"
import pg from "pg"
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3"
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres"
import { postgresSchema, sqliteSchema } from "@/examples/drizzle/schema"
import type { CompanionSql } from "@/lib/auth/adapters/companion/sql"
import type { DatabaseProvider } from "@/lib/db/url"
import { TEST_POSTGRES_SERVER, dropPostgresDatabase } from "./db"

const schemaFile = (provider: DatabaseProvider) =>
  path.join(process.cwd(), "examples/drizzle", provider === "sqlite" ? "schema.sqlite.sql" : "schema.postgres.sql")

export interface DrizzleTestDatabase {
  readonly provider: DatabaseProvider
  /** The adapter object exactly as @auth/drizzle-adapter builds it. */
  readonly adapter: ReturnType<typeof DrizzleAdapter>
  /** The companion's way into the same database. */
  readonly sql: CompanionSql
  /** Reads rows with plain SQL (`?` placeholders on both databases). */
  query<T>(statement: string, params?: readonly unknown[]): Promise<T[]>
  cleanup(): Promise<void>
}

export async function createDrizzleDatabase(provider: DatabaseProvider): Promise<DrizzleTestDatabase> {
  const ddl = await readFile(schemaFile(provider), "utf8")
  return provider === "sqlite" ? sqlite(ddl) : postgres(ddl)
}

async function sqlite(ddl: string): Promise<DrizzleTestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), "authdrizzle-"))
  const connection = new Database(path.join(dir, "app.db"))
  connection.pragma("foreign_keys = ON")
  connection.exec(ddl)
  return {
    provider: "sqlite",
    adapter: DrizzleAdapter(drizzleSqlite(connection), sqliteSchema),
    sql: {
      dialect: "sqlite",
      execute: async (statement, params) => connection.prepare(statement).run(...params).changes,
      query: async (statement, params) => connection.prepare(statement).all(...params) as Record<string, unknown>[],
    },
    query: async <T>(statement: string, params: readonly unknown[] = []) => connection.prepare(statement).all(...params) as T[],
    async cleanup() {
      connection.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

async function postgres(ddl: string): Promise<DrizzleTestDatabase> {
  const database = `authdrizzle_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: `${TEST_POSTGRES_SERVER}/postgres` })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${database}"`)
  } finally {
    await admin.end()
  }
  const pool = new pg.Pool({ connectionString: `${TEST_POSTGRES_SERVER}/${database}`, max: 4 })
  await pool.query(ddl)
  const numbered = (statement: string) => {
    let n = 0
    return statement.replace(/\?/g, () => `$${++n}`)
  }
  return {
    provider: "postgresql",
    adapter: DrizzleAdapter(drizzlePostgres(pool), postgresSchema),
    sql: {
      dialect: "postgresql",
      execute: async (statement, params) => (await pool.query(statement, [...params])).rowCount ?? 0,
      query: async (statement, params) => (await pool.query(statement, [...params])).rows as Record<string, unknown>[],
    },
    query: async <T>(statement: string, params: readonly unknown[] = []) => (await pool.query(numbered(statement), [...params])).rows as T[],
    async cleanup() {
      await pool.end()
      await dropPostgresDatabase(database)
    },
  }
}
