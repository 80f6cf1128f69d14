// Opens Prisma's wasm schema engine on a database through our migration adapters,
// and smooths over the engine faults that callers would otherwise each meet.
import { readFile } from "node:fs/promises"
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils"
import { createMigrationAdapterFactory, type MigrationAdapterOptions } from "./migration-adapter"
import type { DatabaseTarget } from "./url"
import { loadSchemaEngineWasm, type MigrationList, type SchemaEngine } from "./wasm-engine"

export type SchemaFile = readonly [path: string, content: string]

export interface OpenEngineOptions extends MigrationAdapterOptions {
  /** Prisma schema files (path, content) the engine starts with. */
  readonly schemaFiles?: readonly SchemaFile[]
  /** Receives the engine's log lines (JSON strings). */
  readonly onLog?: (line: string) => void
}

export interface EngineHandle {
  readonly engine: SchemaEngine
  readonly target: DatabaseTarget
  /** Frees the engine and closes every connection it opened. Idempotent. */
  close(): Promise<void>
}

export async function readSchemaFiles(paths: readonly string[]): Promise<SchemaFile[]> {
  return Promise.all(paths.map(async (file) => [file, await readFile(file, "utf8")] as const))
}

export async function openSchemaEngine(target: DatabaseTarget, options: OpenEngineOptions = {}): Promise<EngineHandle> {
  const glue = await loadSchemaEngineWasm()
  const factory = createMigrationAdapterFactory(target, options)
  const onLog = options.onLog ?? (() => {})
  const engine = await glue.SchemaEngine.new(
    // No files must be `undefined`: an empty list makes the engine panic.
    { datamodels: options.schemaFiles?.length ? options.schemaFiles.map(([file, content]) => [file, content] as [string, string]) : undefined },
    (line: string) => onLog(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  )
  let closed: Promise<void> | undefined
  return {
    engine,
    target,
    close() {
      closed ??= (async () => {
        engine.free()
        await factory.disposeAll()
      })()
      return closed
    },
  }
}

/**
 * The engine's diagnostics fail (P1014) on a database without `_prisma_migrations`.
 * Applying an empty migration list creates that table and nothing else, exactly as
 * the first `prisma migrate deploy` would.
 */
export async function ensureMigrationsTable(engine: SchemaEngine, list: MigrationList): Promise<void> {
  await engine.applyMigrations({
    migrationsList: { ...list, migrationDirectories: [] },
    filters: NO_FILTER,
  })
}

/** P1014: "The underlying table for model `_prisma_migrations` does not exist." */
export function isMissingMigrationsTable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P1014"
}

export const NO_FILTER = { externalTables: [], externalEnums: [] } as const satisfies {
  externalTables: string[]
  externalEnums: string[]
}
