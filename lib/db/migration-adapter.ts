// Driver adapter factories for Prisma's wasm schema engine (migrations only; the app
// uses lib/db/client.ts). They wrap the stock adapters to work around faults of
// @prisma/adapter-* 7.10 met when the engine drives them (see docs/decisions/database.md).
import { randomUUID } from "node:crypto"
import pg from "pg"
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import { PrismaPg } from "@prisma/adapter-pg"
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
} from "@prisma/driver-adapter-utils"
import type { DatabaseTarget, PostgresTarget, SqliteTarget } from "./url"

export interface MigrationAdapterOptions {
  /** A database the engine may wipe to replay migrations; by default a throwaway one. */
  readonly shadow?: DatabaseTarget
}

/** A factory plus a way to release every connection it handed out. */
export interface TrackedAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  disposeAll(): Promise<void>
}

export function createMigrationAdapterFactory(
  target: DatabaseTarget,
  options: MigrationAdapterOptions = {},
): TrackedAdapterFactory {
  if (options.shadow && options.shadow.provider !== target.provider) {
    throw new Error("the shadow database must use the same provider as the main database")
  }
  return target.provider === "sqlite"
    ? sqliteFactory(target, options.shadow as SqliteTarget | undefined)
    : postgresFactory(target, options.shadow as PostgresTarget | undefined)
}

function tracker(): { track(adapter: SqlDriverAdapter): SqlDriverAdapter; disposeAll(): Promise<void> } {
  const open = new Set<SqlDriverAdapter>()
  return {
    track(adapter) {
      const dispose = adapter.dispose.bind(adapter)
      let disposed: Promise<void> | undefined
      // The engine may dispose an adapter itself; make a second dispose a no-op.
      adapter.dispose = () => {
        open.delete(adapter)
        disposed ??= dispose()
        return disposed
      }
      open.add(adapter)
      return adapter
    },
    async disposeAll() {
      for (const adapter of [...open]) await adapter.dispose()
    },
  }
}

// ---------------------------------------------------------------- SQLite

function sqliteFactory(target: SqliteTarget, shadow: SqliteTarget | undefined): TrackedAdapterFactory {
  const main = new PrismaBetterSqlite3({ url: target.filePath })
  const scratch = new PrismaBetterSqlite3({ url: shadow?.filePath ?? ":memory:" })
  const { track, disposeAll } = tracker()
  return {
    provider: "sqlite",
    adapterName: main.adapterName,
    connect: async () => track(runArgumentlessSqlAsScript(await main.connect())),
    connectToShadowDb: async () => track(runArgumentlessSqlAsScript(await scratch.connect())),
    disposeAll,
  }
}

/**
 * The engine replays migration files through executeRaw, and better-sqlite3 refuses
 * several statements in one prepared statement. SQL without arguments is a script:
 * run it through executeScript (sqlite3_exec), which accepts any number of statements.
 */
function runArgumentlessSqlAsScript(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter)
  adapter.executeRaw = async (query: SqlQuery) => {
    if (query.args.length > 0) return executeRaw(query)
    await adapter.executeScript(query.sql)
    return 0
  }
  return adapter
}

// ---------------------------------------------------------------- PostgreSQL

/**
 * Connection settings from discrete fields. Never a connectionString: node-postgres lets
 * connectionString win over `database`, so a pool derived from it for a shadow database
 * would silently be the main database.
 */
export function postgresPoolConfig(target: PostgresTarget, database = target.database): pg.PoolConfig {
  return {
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database,
    max: 4,
    connectionTimeoutMillis: 10_000,
  }
}

function postgresFactory(target: PostgresTarget, shadow: PostgresTarget | undefined): TrackedAdapterFactory {
  const { track, disposeAll } = tracker()
  const connectTo = async (config: pg.PoolConfig, schema: string | undefined) => {
    const pool = new pg.Pool(config)
    pool.on("connect", mapCharColumnsToText)
    pool.on("error", () => {}) // idle-client errors surface on the next query instead
    const factory = new PrismaPg(pool, { schema, disposeExternalPool: true })
    return factory.connect()
  }

  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => track(await connectTo(postgresPoolConfig(target), target.schema)),
    connectToShadowDb: async () => {
      if (shadow) {
        if (shadow.host === target.host && shadow.port === target.port && shadow.database === target.database) {
          throw new Error("the shadow database must not be the main database")
        }
        return track(await connectTo(postgresPoolConfig(shadow), shadow.schema))
      }
      return track(await throwawayDatabase(target, connectTo))
    },
    disposeAll,
  }
}

/** Creates a temporary database for the engine's shadow work and drops it on dispose. */
async function throwawayDatabase(
  target: PostgresTarget,
  connectTo: (config: pg.PoolConfig, schema: string | undefined) => Promise<SqlDriverAdapter>,
): Promise<SqlDriverAdapter> {
  const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "")}`
  if (name === target.database) throw new Error("the shadow database must not be the main database")
  const admin = await adminClient(target)
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } catch (error) {
    await admin.end()
    throw error
  }
  const adapter = await connectTo(postgresPoolConfig(target, name), undefined)
  const dispose = adapter.dispose.bind(adapter)
  // Close the shadow pool first, then drop: dropping a database with open sessions fails.
  adapter.dispose = async () => {
    try {
      await dispose()
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    } finally {
      await admin.end()
    }
  }
  return adapter
}

/**
 * A session for CREATE/DROP DATABASE: on the main database, or on "postgres" when the main
 * database does not exist yet (e.g. `prisma migrate diff --from-migrations` needs no main database).
 */
async function adminClient(target: PostgresTarget): Promise<pg.Client> {
  const connect = async (database: string) => {
    const client = new pg.Client(postgresPoolConfig(target, database))
    client.on("error", () => {})
    try {
      await client.connect()
      return client
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
  }
  try {
    return await connect(target.database)
  } catch (error) {
    if ((error as { code?: unknown }).code !== "3D000") throw error
    return connect("postgres")
  }
}

const CHAR_OID = 18 // PostgreSQL's internal one-byte "char" type
const TEXT_OID = 25

/**
 * The engine's schema describer selects catalog columns of type "char" (e.g. pg_class.relkind),
 * which adapter-pg cannot map to a column type. Their text form is a one-character string, so
 * reporting them as text is exact.
 */
function mapCharColumnsToText(client: pg.PoolClient): void {
  type Fields = { fields?: { dataTypeID: number }[] }
  const fix = <T>(result: T): T => {
    for (const field of (result as Fields | undefined)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID
    }
    return result
  }
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1)
    if (typeof last === "function") {
      const callback = last as (error: unknown, result: unknown) => void
      return query(...args.slice(0, -1), (error: unknown, result: unknown) => callback(error, fix(result)))
    }
    const returned = query(...args)
    return returned instanceof Promise ? returned.then(fix) : returned
  }
}
