/**
 * What a companion needs of the app's database: one parameterised statement
 * at a time, through whatever driver the app already runs (better-sqlite3, pg,
 * a Drizzle client's session). The companion writes its own tables only and
 * never touches the foreign adapter's.
 */
export interface CompanionSql {
  /** Placeholder and type conventions: SQLite takes `?` and epoch milliseconds, PostgreSQL `$1…` and Dates. */
  dialect: "sqlite" | "postgresql"
  /** Runs a write; resolves to how many rows it changed. */
  execute(statement: string, params: readonly unknown[]): Promise<number>
  /** Runs a read; resolves to its rows, columns by name. */
  query(statement: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>
}

/** `?` placeholders renumbered as `$1, $2…` for PostgreSQL; unchanged for SQLite. */
export function placeholders(dialect: CompanionSql["dialect"], statement: string): string {
  if (dialect === "sqlite") return statement
  let n = 0
  return statement.replace(/\?/g, () => `$${++n}`)
}

/** An instant as the dialect's column stores it. */
export function instant(dialect: CompanionSql["dialect"], at: Date): Date | number {
  return dialect === "sqlite" ? at.getTime() : at
}

/** An instant read back from the dialect's column (epoch milliseconds on SQLite), or null. */
export function readInstant(value: unknown): Date | null {
  if (value === null || value === undefined) return null
  const at = value instanceof Date ? value : new Date(typeof value === "string" && /^\d+$/.test(value) ? Number(value) : (value as string | number))
  return Number.isNaN(at.getTime()) ? null : at
}
