// Classifies and validates DATABASE_URL. The provider is chosen by the URL scheme:
// postgresql:// or postgres:// selects PostgreSQL, anything else is a SQLite file.
import path from "node:path"

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.db"

export type DatabaseProvider = "sqlite" | "postgresql"

export interface SqliteTarget {
  readonly provider: "sqlite"
  /** The URL as given (or the default). */
  readonly url: string
  /** Absolute path of the database file. */
  readonly filePath: string
}

export interface PostgresTarget {
  readonly provider: "postgresql"
  readonly url: string
  readonly host: string
  readonly port: number
  readonly user: string
  readonly password: string | undefined
  readonly database: string
  /** The `schema` query parameter (Prisma's convention), if any. */
  readonly schema: string | undefined
}

export type DatabaseTarget = SqliteTarget | PostgresTarget

/** A configuration problem the user can fix; `message` is one line naming the variable. */
export class DatabaseConfigError extends Error {
  override readonly name = "DatabaseConfigError"
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`)
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}

/**
 * Parses a database URL. Relative SQLite paths are resolved against `baseDir`
 * (the project root, where prisma.config.ts lives, for the app and the scripts).
 */
export function parseDatabaseUrl(
  raw: string | undefined,
  { baseDir = process.cwd(), variable = "DATABASE_URL" }: { baseDir?: string; variable?: string } = {},
): DatabaseTarget {
  const url = raw === undefined || raw.trim() === "" ? DEFAULT_DATABASE_URL : raw.trim()
  if (isPostgresUrl(url)) return parsePostgresUrl(url, variable)
  return parseSqliteUrl(url, baseDir, variable)
}

function parseSqliteUrl(url: string, baseDir: string, variable: string): SqliteTarget {
  // Accept what Prisma accepts for SQLite: file:path (optionally with ?params), or a bare path.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()
  if (scheme !== undefined && scheme !== "file" && !/^[a-z]:[\\/]/i.test(url)) {
    throw new DatabaseConfigError(
      variable,
      `unsupported URL scheme "${scheme}:" (expected postgresql://, postgres:// or file:)`,
    )
  }
  let location = scheme === "file" ? url.slice("file:".length) : url
  location = location.replace(/[?#].*$/, "")
  if (location.startsWith("//")) {
    // file:///abs/path or file://localhost/abs/path
    location = location.replace(/^\/\/(localhost)?/, "")
  }
  location = safeDecode(location)
  if (location === "" || location === ":memory:") {
    throw new DatabaseConfigError(variable, `"${url}" does not name a SQLite database file`)
  }
  return { provider: "sqlite", url, filePath: path.resolve(baseDir, location) }
}

function parsePostgresUrl(url: string, variable: string): PostgresTarget {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new DatabaseConfigError(variable, `malformed PostgreSQL URL "${redact(url)}"`)
  }
  const database = safeDecode(parsed.pathname.replace(/^\//, ""))
  if (parsed.hostname === "") {
    throw new DatabaseConfigError(variable, `PostgreSQL URL "${redact(url)}" has no host`)
  }
  if (database === "" || database.includes("/")) {
    throw new DatabaseConfigError(
      variable,
      `PostgreSQL URL "${redact(url)}" must name one database (postgresql://user@host:port/database)`,
    )
  }
  const port = parsed.port === "" ? 5432 : Number(parsed.port)
  return {
    provider: "postgresql",
    url,
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port,
    user: parsed.username === "" ? "postgres" : safeDecode(parsed.username),
    password: parsed.password === "" ? undefined : safeDecode(parsed.password),
    database,
    schema: parsed.searchParams.get("schema") ?? undefined,
  }
}

/** The URL with its password replaced, for messages. */
export function redact(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, "$1***@")
}

/** host:port of a PostgreSQL target or the file path of a SQLite one, for messages. */
export function describeTarget(target: DatabaseTarget): string {
  return target.provider === "sqlite" ? target.filePath : `${target.host}:${target.port}`
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
