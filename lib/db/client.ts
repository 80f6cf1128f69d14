// The app's Prisma client. DATABASE_URL picks the provider: postgresql:// or postgres://
// → the PostgreSQL client with @prisma/adapter-pg, anything else → the SQLite client with
// @prisma/adapter-better-sqlite3 (default file:./prisma/dev.db, relative to the working directory).
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import { PrismaPg } from "@prisma/adapter-pg"
import { PrismaClient as PostgresPrismaClient } from "../generated/prisma/postgres/client"
import { PrismaClient as SqlitePrismaClient } from "../generated/prisma/sqlite/client"
import { parseDatabaseUrl, type DatabaseProvider } from "./url"

/**
 * Either generated client. Both come from schemas with identical models (enforced by
 * tests/integration/db/schema-parity.test.ts), so the SQLite client's type describes both.
 */
export type DbClient = InstanceType<typeof SqlitePrismaClient>

export function createPrismaClient(url: string | undefined = process.env.DATABASE_URL): DbClient {
  const target = parseDatabaseUrl(url)
  if (target.provider === "sqlite") {
    return new SqlitePrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.filePath }) })
  }
  // Discrete fields rather than a connection string: the URL's `schema` parameter is
  // Prisma's, not node-postgres's, and must not reach the driver.
  const adapter = new PrismaPg(
    {
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
    },
    target.schema ? { schema: target.schema } : undefined,
  )
  return new PostgresPrismaClient({ adapter }) as unknown as DbClient
}

/** The SQLite file DATABASE_URL names (absolute), or undefined on PostgreSQL. */
export function sqliteDatabaseFile(url: string | undefined = process.env.DATABASE_URL): string | undefined {
  const target = parseDatabaseUrl(url)
  return target.provider === "sqlite" ? target.filePath : undefined
}

/**
 * Where a page's hot read goes: the Prisma client, and on SQLite its file, for a read on the
 * read-only connection the session lookup uses (sqliteDirectAll of the Prisma adapter).
 */
export interface ReadSource {
  prisma: DbClient
  sqliteFile?: string | undefined
}

/** The app's own: the process-wide client and DATABASE_URL's file. */
export function appReadSource(): ReadSource {
  return { prisma: getPrisma(), sqliteFile: sqliteDatabaseFile() }
}

/** The provider DATABASE_URL selects (throws DatabaseConfigError if it is malformed). */
export function databaseProvider(url: string | undefined = process.env.DATABASE_URL): DatabaseProvider {
  return parseDatabaseUrl(url).provider
}

// Cached on globalThis so that Next.js dev hot reloads, which re-evaluate this module,
// reuse one client (and one connection pool) per process.
const globalForPrisma = globalThis as typeof globalThis & { __starterPrisma?: DbClient }

/** The process-wide client, created on first use from DATABASE_URL. */
export function getPrisma(): DbClient {
  globalForPrisma.__starterPrisma ??= createPrismaClient()
  return globalForPrisma.__starterPrisma
}

/**
 * The process-wide client as a value. Created lazily (on first property access), so importing
 * this module never reads DATABASE_URL — `next build` can import it without a database.
 */
export const prisma: DbClient = new Proxy({} as DbClient, {
  get(_target, property) {
    const client = getPrisma()
    const value: unknown = Reflect.get(client, property, client)
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(client) : value
  },
  has: (_target, property) => Reflect.has(getPrisma(), property),
})
