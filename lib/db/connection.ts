// Checks that a database is reachable (creating it when asked) and turns driver errors
// into one line a user can act on, naming the variable the URL came from.
import { closeSync, mkdirSync, openSync, statSync } from "node:fs"
import path from "node:path"
import pg from "pg"
import { postgresPoolConfig } from "./migration-adapter"
import { DatabaseConfigError, type DatabaseTarget, type PostgresTarget, type SqliteTarget } from "./url"

export type DatabaseState = "exists" | "created" | "missing"

/**
 * Resolves to "exists", or, when the database is absent, creates it ("created") or reports
 * "missing" (create: false). Throws DatabaseConfigError when the server cannot be used.
 */
export async function prepareDatabase(
  target: DatabaseTarget,
  { create, variable = "DATABASE_URL" }: { create: boolean; variable?: string },
): Promise<DatabaseState> {
  return target.provider === "sqlite"
    ? prepareSqlite(target, create, variable)
    : preparePostgres(target, create, variable)
}

function prepareSqlite(target: SqliteTarget, create: boolean, variable: string): DatabaseState {
  const where = `SQLite database file ${target.filePath}`
  try {
    const stat = statSync(target.filePath)
    if (!stat.isFile()) throw new DatabaseConfigError(variable, `${where} is not a file`)
    return "exists"
  } catch (error) {
    if (error instanceof DatabaseConfigError) throw error
    if (errorCode(error) !== "ENOENT") throw new DatabaseConfigError(variable, `cannot open ${where} (${reason(error)})`)
  }
  if (!create) return "missing"
  try {
    mkdirSync(path.dirname(target.filePath), { recursive: true })
    closeSync(openSync(target.filePath, "a"))
    return "created"
  } catch (error) {
    throw new DatabaseConfigError(variable, `cannot create ${where} (${reason(error)})`)
  }
}

async function preparePostgres(target: PostgresTarget, create: boolean, variable: string): Promise<DatabaseState> {
  try {
    await withClient(target, target.database, async () => {})
    return "exists"
  } catch (error) {
    if (errorCode(error) !== "3D000") throw connectionError(target, error, variable)
  }
  if (!create) return "missing"
  try {
    // Any database will do to issue CREATE DATABASE; "postgres" exists on every stock server.
    await withClient(target, "postgres", (client) => client.query(`CREATE DATABASE "${target.database.replaceAll('"', '""')}"`))
    return "created"
  } catch (error) {
    if (errorCode(error) === "42P04") return "exists" // created concurrently
    throw new DatabaseConfigError(
      variable,
      `PostgreSQL database "${target.database}" does not exist at ${target.host}:${target.port} and cannot be created (${reason(error)})`,
    )
  }
}

async function withClient<T>(target: PostgresTarget, database: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...postgresPoolConfig(target, database), connectionTimeoutMillis: 5_000 })
  client.on("error", () => {})
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** One line: what we tried to reach and why it failed. */
export function connectionError(target: PostgresTarget, error: unknown, variable = "DATABASE_URL"): DatabaseConfigError {
  return new DatabaseConfigError(variable, `cannot connect to PostgreSQL at ${target.host}:${target.port} (${reason(error)})`)
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ECONNRESET: "connection reset",
  EACCES: "permission denied",
  EROFS: "read-only file system",
  ENOTDIR: "a parent is not a directory",
  EISDIR: "is a directory",
}

export function reason(error: unknown): string {
  const code = errorCode(error)
  if (code && REASONS[code]) return REASONS[code]
  // AggregateError (IPv4 + IPv6 attempts) carries the useful code on its parts.
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0])
  const message = error instanceof Error ? error.message : String(error)
  if (/timeout/i.test(message)) return "timed out"
  return message.split("\n")[0] ?? message
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" ? code : undefined
}
