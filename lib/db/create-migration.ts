// Writes a new migration from schema changes, for one provider, without touching any
// real database: the engine works on a scratch database brought up to the current
// migration history, and on its own shadow database.
import { randomUUID } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { connectionError, prepareDatabase, reason } from "./connection"
import { postgresPoolConfig } from "./migration-adapter"
import { providerLayout } from "./layout"
import { readMigrationsList, slugifyMigrationName, writeMigration } from "./migrations-dir"
import { toMigrationEngineError } from "./migrate"
import { NO_FILTER, openSchemaEngine, readSchemaFiles } from "./schema-engine"
import { DatabaseConfigError, type DatabaseProvider, type DatabaseTarget, type PostgresTarget } from "./url"

export interface CreateMigrationOptions {
  readonly provider: DatabaseProvider
  /** User-given name; the engine turns it into <yyyymmddHHMMSS>_<name>. */
  readonly name: string
  /** createMigration only: write under this folder name instead of the engine's. */
  readonly folderName?: string
  /** PostgreSQL server that hosts the scratch database (provider "postgresql" only). */
  readonly postgresServer?: PostgresTarget
  /** Name of the variable postgresServer came from, for error messages. */
  readonly postgresVariable?: string
  readonly root?: string
}

/** A migration computed by the engine, not yet written. */
export interface PlannedMigration {
  readonly provider: DatabaseProvider
  /** <yyyymmddHHMMSS>_<name>, as the engine generated it. */
  readonly folderName: string
  readonly script: string
  readonly connectorType: string
  readonly extension: string
}

export interface CreatedMigration {
  readonly provider: DatabaseProvider
  /** Folder name, or null when the schema has no changes. */
  readonly folderName: string | null
  readonly path: string | null
}

/** Computes and writes the migration (see planMigration). */
export async function createMigration(options: CreateMigrationOptions): Promise<CreatedMigration> {
  const planned = await planMigration(options)
  if (!planned) return { provider: options.provider, folderName: null, path: null }
  return writePlannedMigration(planned, { folderName: options.folderName, root: options.root })
}

/** Writes a planned migration into the provider's migrations folder, optionally under another folder name. */
export async function writePlannedMigration(
  planned: PlannedMigration,
  { folderName = planned.folderName, root }: { folderName?: string; root?: string } = {},
): Promise<CreatedMigration> {
  const dir = await writeMigration({
    baseDir: providerLayout(planned.provider, root).migrationsDir,
    name: folderName,
    script: planned.script,
    connectorType: planned.connectorType,
    extension: planned.extension,
  })
  return { provider: planned.provider, folderName, path: dir }
}

/** The migration from the current history to the schema, or null when nothing changed. Writes nothing. */
export async function planMigration(options: CreateMigrationOptions): Promise<PlannedMigration | null> {
  const layout = providerLayout(options.provider, options.root)
  const scratch = await openScratchDatabase(options)
  try {
    const schemaFiles = await readSchemaFiles([layout.schemaPath])
    const migrationsList = await readMigrationsList(layout.migrationsDir)
    const handle = await openSchemaEngine(scratch.target, { schemaFiles })
    try {
      const { engine } = handle
      const filters = { ...NO_FILTER }
      // Bring the scratch database to the current history (this also creates
      // _prisma_migrations, without which the diagnostics fail), then let devDiagnostic
      // set up the shadow database that createMigration needs.
      await engine.applyMigrations({ migrationsList, filters })
      await engine.devDiagnostic({ migrationsList, filters })
      const created = await engine.createMigration({
        draft: false,
        migrationName: slugifyMigrationName(options.name),
        migrationsList,
        schema: { files: schemaFiles.map(([file, content]) => ({ path: file, content })) },
        filters,
      })
      if (created.migrationScript === null) return null
      return {
        provider: options.provider,
        folderName: created.generatedMigrationName,
        script: created.migrationScript,
        connectorType: created.connectorType,
        extension: created.extension,
      }
    } catch (error) {
      throw toMigrationEngineError(error)
    } finally {
      await handle.close()
    }
  } finally {
    await scratch.drop()
  }
}

async function openScratchDatabase(
  options: CreateMigrationOptions,
): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (options.provider === "sqlite") {
    const dir = await mkdtemp(path.join(tmpdir(), "prisma-migration-"))
    const filePath = path.join(dir, "scratch.db")
    const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath }
    await prepareDatabase(target, { create: true })
    return { target, drop: () => rm(dir, { recursive: true, force: true }) }
  }
  const server = options.postgresServer
  if (!server) throw new Error("createMigration: postgresServer is required for PostgreSQL")
  const database = `prisma_migration_scratch_${randomUUID().replaceAll("-", "")}`
  const target: PostgresTarget = { ...server, database, schema: undefined, url: "" }
  const admin = new pg.Client({ ...postgresPoolConfig(server), connectionTimeoutMillis: 5_000 })
  admin.on("error", () => {})
  try {
    await admin.connect()
  } catch (error) {
    await admin.end().catch(() => {})
    throw connectionError(server, error, options.postgresVariable)
  }
  try {
    await admin.query(`CREATE DATABASE "${database}"`)
  } catch (error) {
    await admin.end().catch(() => {})
    throw new DatabaseConfigError(
      options.postgresVariable ?? "DATABASE_URL",
      `cannot create a scratch database on PostgreSQL at ${server.host}:${server.port} (${reason(error)})`,
    )
  }
  return {
    target,
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      } finally {
        await admin.end().catch(() => {})
      }
    },
  }
}
