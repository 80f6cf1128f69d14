// Applies pending migrations (what `prisma migrate deploy` does) for the provider the
// URL selects. Idempotent: applied migrations are skipped, nothing is ever dropped.
import { prepareDatabase } from "./connection"
import { providerLayout } from "./layout"
import { readMigrationsList } from "./migrations-dir"
import { NO_FILTER, openSchemaEngine } from "./schema-engine"
import { parseDatabaseUrl } from "./url"

export interface MigrateOptions {
  /** Project root holding prisma/ (default: this project); relative SQLite paths resolve against process.cwd(). */
  readonly root?: string
}

/** An error reported by Prisma's schema engine (e.g. P3009 failed migration, P3018 migration failed). */
export class MigrationEngineError extends Error {
  override readonly name = "MigrationEngineError"
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(code ? `${code}: ${message}` : message)
  }
}

export async function migrateDatabase(
  url: string | undefined = process.env.DATABASE_URL,
  options: MigrateOptions = {},
): Promise<{ applied: string[] }> {
  const target = parseDatabaseUrl(url)
  await prepareDatabase(target, { create: true })
  const { migrationsDir } = providerLayout(target.provider, options.root)
  const migrationsList = await readMigrationsList(migrationsDir)

  const handle = await openSchemaEngine(target)
  try {
    const { appliedMigrationNames } = await handle.engine.applyMigrations({ migrationsList, filters: { ...NO_FILTER } })
    return { applied: appliedMigrationNames }
  } catch (error) {
    throw toMigrationEngineError(error)
  } finally {
    await handle.close()
  }
}

export function toMigrationEngineError(error: unknown): MigrationEngineError {
  if (error instanceof MigrationEngineError) return error
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return new MigrationEngineError(typeof code === "string" ? code : undefined, message)
}
