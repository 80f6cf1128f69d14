/**
 * Hot reads on SQLite without Prisma. Under Next.js a Prisma query costs far
 * more than the statement it runs: query building, result mapping and a
 * dozen promises, each paying async-hook bookkeeping, plus a fresh `prepare`
 * per call in Prisma's SQLite adapter. A read that every request makes (the
 * session lookup, a page's own data) runs here instead as a statement
 * prepared once, on a read-only better-sqlite3 connection to the same file.
 *
 * A second connection sees exactly what Prisma's sees: what is committed.
 * better-sqlite3 is synchronous and Prisma's writes are too, so a read never
 * lands inside one of them. The connection waits for no lock (timeout 0):
 * whenever it cannot answer (the file busy with another process's write,
 * missing, or not yet migrated), the caller gets `undefined` and asks Prisma,
 * which waits as it always has and reports a real fault. Only reads: every
 * write stays Prisma's.
 */
import Database from "better-sqlite3"

/** Why a statement could not be prepared is retried after a pause, not on every request of the path it speeds up. */
const RETRY_AFTER_MS = 5_000

interface FileReaders {
  connection: Database.Database | { retryAt: number }
  statements: Map<string, Database.Statement | { retryAt: number }>
}

// On globalThis: Next.js bundles the middleware and the routes apart (and dev reloads modules), and
// each copy of this module would otherwise open connections of its own.
const readersKey = Symbol.for("auth.prisma.sqlite-direct-readers")
type ReadersGlobal = typeof globalThis & { [readersKey]?: Map<string, FileReaders> }

function connectionFor(file: string): { readers: FileReaders; connection: Database.Database } | undefined {
  const files = ((globalThis as ReadersGlobal)[readersKey] ??= new Map())
  let readers = files.get(file)
  if (readers && !("retryAt" in readers.connection)) return { readers, connection: readers.connection }
  // The clock is read only off the hot path: when nothing is open yet, or opening failed before.
  const now = Date.now()
  if (readers && "retryAt" in readers.connection && readers.connection.retryAt > now) return undefined
  try {
    const connection = new Database(file, { readonly: true, fileMustExist: true, timeout: 0 })
    readers = { connection, statements: new Map() }
    files.set(file, readers)
    return { readers, connection }
  } catch {
    files.set(file, { connection: { retryAt: now + RETRY_AFTER_MS }, statements: new Map() })
    return undefined
  }
}

function statementFor<Params extends unknown[], Row>(file: string, sql: string): Database.Statement<Params, Row> | undefined {
  const opened = connectionFor(file)
  if (!opened) return undefined
  const known = opened.readers.statements.get(sql)
  if (known && !("retryAt" in known)) return known as Database.Statement<Params, Row>
  const now = Date.now()
  if (known && known.retryAt > now) return undefined
  try {
    const statement = opened.connection.prepare<Params, Row>(sql)
    opened.readers.statements.set(sql, statement as Database.Statement)
    return statement
  } catch {
    // A table or column not there yet (the file not migrated): Prisma answers meanwhile.
    opened.readers.statements.set(sql, { retryAt: now + RETRY_AFTER_MS })
    return undefined
  }
}

/** The first row of `sql` on the file's read-only connection (null: none), or undefined when that connection cannot answer now. */
export function sqliteDirectGet<Row>(file: string, sql: string, ...params: unknown[]): Row | null | undefined {
  const statement = statementFor<unknown[], Row>(file, sql)
  if (!statement) return undefined
  try {
    return statement.get(...params) ?? null
  } catch {
    return undefined
  }
}

/** Every row of `sql` on the file's read-only connection, or undefined when that connection cannot answer now. */
export function sqliteDirectAll<Row>(file: string, sql: string, ...params: unknown[]): Row[] | undefined {
  const statement = statementFor<unknown[], Row>(file, sql)
  if (!statement) return undefined
  try {
    return statement.all(...params)
  } catch {
    return undefined
  }
}

/**
 * A statement's text as a tagged template's strings, for Prisma's $queryRaw when the direct read
 * cannot answer: written once with `?` placeholders, its values still bound apart (Prisma takes any
 * array with `raw` as a tag's, and numbers the placeholders itself on PostgreSQL).
 */
export function asQueryTemplate(sql: string): TemplateStringsArray {
  const parts = sql.split("?")
  return Object.assign([...parts], { raw: [...parts] })
}
