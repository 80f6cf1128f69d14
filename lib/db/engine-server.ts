// A stand-in for Prisma's native schema engine executable, backed by the wasm engine.
// The Prisma CLI runs the file named by PRISMA_SCHEMA_ENGINE_BINARY in two ways:
//   <bin> --datasource <json> cli <can-connect-to-database|create-database|drop-database>
//   <bin> [--datamodels <file>]... [--datasource <json>]   then JSON-RPC 2.0, one message per line on stdio
// Both are reproduced here so that stock `prisma migrate dev|deploy|status|diff|reset`
// and `prisma db push` work without the native binary.
import { existsSync } from "node:fs"
import { rm } from "node:fs/promises"
import { createInterface } from "node:readline"
import type { Readable, Writable } from "node:stream"
import { prepareDatabase } from "./connection"
import { ensureMigrationsTable, isMissingMigrationsTable, NO_FILTER, openSchemaEngine, readSchemaFiles, type EngineHandle, type SchemaFile } from "./schema-engine"
import { DatabaseConfigError, describeTarget, parseDatabaseUrl, type DatabaseTarget } from "./url"
import { loadSchemaEngineWasm, type SchemaEngine } from "./wasm-engine"

export interface EngineIo {
  readonly stdin: Readable
  readonly stdout: Writable
  readonly stderr: Writable
  readonly cwd: string
}

interface Args {
  datamodels: string[]
  datasource: { url?: string; shadowDatabaseUrl?: string } | undefined
  cliCommand: string | undefined
  version: boolean
}

/** Runs the stand-in engine; resolves to the process exit code. */
export async function runSchemaEngine(argv: readonly string[], io: EngineIo): Promise<number> {
  const args = parseArgs(argv)
  if (args.version) {
    const glue = await loadSchemaEngineWasm()
    io.stdout.write(`schema-engine-cli ${glue.version()}\n`)
    return 0
  }
  if (args.cliCommand !== undefined) return runCliCommand(args, io)
  await serveRpc(args, io)
  return 0
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { datamodels: [], datasource: undefined, cliCommand: undefined, version: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${arg} needs a value`)
      return next
    }
    if (arg === "--version" || arg === "-V") args.version = true
    else if (arg === "--datamodels") args.datamodels.push(value())
    else if (arg === "--datasource") args.datasource = JSON.parse(value()) as Args["datasource"]
    else if (arg === "--enabled-preview-features" || arg === "--extension-types") value()
    else if (arg === "cli") args.cliCommand = argv[++i] ?? ""
  }
  return args
}

// ------------------------------------------------------------------ cli subcommands

/** Native engine convention: stderr is one log line, then JSON log lines the CLI parses for error_code. */
async function runCliCommand(args: Args, io: EngineIo): Promise<number> {
  const log = (level: string, fields: Record<string, unknown>) =>
    io.stderr.write(`${JSON.stringify({ level, fields, target: "schema_engine::logger" })}\n`)
  log("INFO", { message: "Starting schema engine CLI (wasm stand-in)" })
  try {
    const target = parseDatabaseUrl(args.datasource?.url, { baseDir: io.cwd, variable: "datasource.url" })
    switch (args.cliCommand) {
      case "can-connect-to-database": {
        if ((await prepareDatabase(target, { create: false })) === "missing") {
          const name = target.provider === "sqlite" ? target.filePath : target.database
          log("ERROR", { error_code: "P1003", message: `Database \`${name}\` does not exist at \`${describeTarget(target)}\`` })
          return 1
        }
        return 0
      }
      case "create-database":
        await prepareDatabase(target, { create: true })
        return 0
      case "drop-database":
        await dropDatabase(target)
        return 0
      default:
        log("ERROR", { message: `Unknown cli command: ${args.cliCommand ?? ""}` })
        return 1
    }
  } catch (error) {
    const code = error instanceof DatabaseConfigError ? "P1001" : undefined
    log("ERROR", { ...(code ? { error_code: code } : {}), message: error instanceof Error ? error.message : String(error) })
    return 1
  }
}

async function dropDatabase(target: DatabaseTarget): Promise<void> {
  if (target.provider === "sqlite") {
    await rm(target.filePath, { force: true })
    return
  }
  const pg = (await import("pg")).default
  const { postgresPoolConfig } = await import("./migration-adapter")
  const client = new pg.Client(postgresPoolConfig(target, "postgres"))
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${target.database.replaceAll('"', '""')}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

// ------------------------------------------------------------------ JSON-RPC

interface RpcRequest {
  jsonrpc: "2.0"
  id: number | string
  method?: string
  params?: unknown
  result?: unknown
  error?: unknown
}

/** Engine methods the CLI may call that the wasm engine implements under the same name. */
const PASS_THROUGH = new Set([
  "applyMigrations",
  "dbExecute",
  "ensureConnectionValidity",
  "introspect",
  "markMigrationApplied",
  "markMigrationRolledBack",
  "schemaPush",
])

async function serveRpc(args: Args, io: EngineIo): Promise<void> {
  const session = new EngineSession(args, io)
  const pendingPrints = new Map<number, () => void>()
  let nextPrintId = 1
  const send = (message: object) => io.stdout.write(`${JSON.stringify(message)}\n`)

  // The native engine prints through the CLI with a "print" request and waits for the reply.
  const print = (content: string) =>
    new Promise<void>((resolve) => {
      const id = nextPrintId++
      pendingPrints.set(id, resolve)
      send({ jsonrpc: "2.0", id, method: "print", params: { content } })
    })

  let queue = Promise.resolve()
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity })
  for await (const line of lines) {
    if (line.trim() === "") continue
    let message: RpcRequest
    try {
      message = JSON.parse(line) as RpcRequest
    } catch {
      send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } })
      continue
    }
    if (message.method === undefined) {
      // A reply to one of our print requests.
      pendingPrints.get(Number(message.id))?.()
      pendingPrints.delete(Number(message.id))
      continue
    }
    const request = message
    // One request at a time, in order, like the native engine.
    queue = queue.then(async () => {
      try {
        const result = await session.call(request.method ?? "", request.params, print)
        send({ jsonrpc: "2.0", id: request.id, result: result ?? {} })
      } catch (error) {
        send({ jsonrpc: "2.0", id: request.id, error: rpcError(error) })
      }
    })
  }
  await queue
  await session.close()
}

function rpcError(error: unknown): object {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  return {
    code: 4466,
    message: "An error happened. Check the data field for details.",
    data: {
      is_panic: false,
      message,
      meta: null,
      ...(typeof code === "string" && /^P\d{4}$/.test(code) ? { error_code: code } : {}),
    },
  }
}

/** Opens the wasm engine on first use and reopens it after a SQLite reset. */
class EngineSession {
  private handle: Promise<EngineHandle> | undefined
  private schemaFiles: Promise<SchemaFile[]> | undefined
  constructor(
    private readonly args: Args,
    private readonly io: EngineIo,
  ) {}

  private target(): DatabaseTarget {
    const url = this.args.datasource?.url
    if (url === undefined) {
      throw Object.assign(new Error("The datasource.url property is required in your Prisma config file."), {
        code: "P1012",
      })
    }
    return parseDatabaseUrl(url, { baseDir: this.io.cwd, variable: "datasource.url" })
  }

  /**
   * The CLI creates the database (cli create-database) before every command that needs it.
   * A SQLite file that is still missing here belongs to a command that does not (migrate diff):
   * opening it would create it, so the engine gets an empty in-memory database instead.
   */
  private engineTarget(): DatabaseTarget {
    const target = this.target()
    if (target.provider === "sqlite" && !existsSync(target.filePath)) {
      return { provider: "sqlite", url: "file::memory:", filePath: ":memory:" }
    }
    return target
  }

  private engine(): Promise<EngineHandle> {
    this.handle ??= (async () => {
      this.schemaFiles ??= readSchemaFiles(this.args.datamodels)
      const shadowUrl = this.args.datasource?.shadowDatabaseUrl
      return openSchemaEngine(this.engineTarget(), {
        schemaFiles: await this.schemaFiles,
        shadow: shadowUrl ? parseDatabaseUrl(shadowUrl, { baseDir: this.io.cwd, variable: "shadowDatabaseUrl" }) : undefined,
        onLog: (line) => this.io.stderr.write(`${line.trim()}\n`),
      })
    })().catch((error: unknown) => {
      this.handle = undefined
      throw error
    })
    return this.handle
  }

  async call(method: string, params: unknown, print: (content: string) => Promise<void>): Promise<unknown> {
    switch (method) {
      case "createDatabase": {
        const target = this.target()
        await prepareDatabase(target, { create: true })
        return { databaseName: target.provider === "sqlite" ? target.filePath : target.database }
      }
      case "getDatabaseVersion":
        return (await this.engine()).engine.version()
      case "debugPanic":
        throw new Error("debugPanic")
      case "diff": {
        const result = await (await this.engine()).engine.diff(params as Parameters<SchemaEngine["diff"]>[0])
        // The native engine prints the diff itself; the wasm one returns it.
        if (result.stdout) await print(result.stdout.replace(/\n$/, ""))
        return { exitCode: result.exitCode }
      }
      case "reset":
        return this.reset(params)
      case "evaluateDataLoss":
      case "createMigration": {
        // The wasm engine wires up its SQLite shadow database only inside devDiagnostic, and
        // forgets it again after other calls (e.g. applyMigrations): diagnose right before.
        const input = params as Parameters<SchemaEngine["evaluateDataLoss"]>[0]
        await this.devDiagnostic({ migrationsList: input.migrationsList, filters: input.filters })
        const { engine } = await this.engine()
        return method === "createMigration"
          ? engine.createMigration(params as Parameters<SchemaEngine["createMigration"]>[0])
          : engine.evaluateDataLoss(input)
      }
      case "devDiagnostic":
        return this.devDiagnostic(params as Parameters<SchemaEngine["devDiagnostic"]>[0])
      case "diagnoseMigrationHistory":
        return this.diagnoseMigrationHistory(params as Parameters<SchemaEngine["diagnoseMigrationHistory"]>[0])
      default: {
        if (!PASS_THROUGH.has(method)) throw new Error(`The wasm schema engine stand-in does not support "${method}".`)
        const { engine } = await this.engine()
        const fn = (engine as unknown as Record<string, (input: unknown) => Promise<unknown>>)[method]
        if (typeof fn !== "function") throw new Error(`Unknown method "${method}"`)
        return fn.call(engine, params)
      }
    }
  }

  // The wasm engine's diagnostics fail with P1014 on a database without _prisma_migrations,
  // where the native engine treats the history as empty.

  /** `migrate dev` writes to the database anyway: create the table (as its first apply would) and retry. */
  private async devDiagnostic(input: Parameters<SchemaEngine["devDiagnostic"]>[0]): Promise<unknown> {
    const { engine } = await this.engine()
    const result = await engine.devDiagnostic(input).catch(async (error: unknown) => {
      if (!isMissingMigrationsTable(error)) throw error
      await ensureMigrationsTable(engine, input.migrationsList)
      return engine.devDiagnostic(input)
    })
    return result
  }

  /** `migrate status` must not write: answer as the native engine does for an empty history. */
  private async diagnoseMigrationHistory(
    input: Parameters<SchemaEngine["diagnoseMigrationHistory"]>[0],
  ): Promise<unknown> {
    const { engine } = await this.engine()
    try {
      return await engine.diagnoseMigrationHistory(input)
    } catch (error) {
      if (!isMissingMigrationsTable(error)) throw error
      const names = input.migrationsList.migrationDirectories.map((dir) => dir.path)
      return {
        editedMigrationNames: [],
        failedMigrationNames: [],
        hasMigrationsTable: false,
        history: names.length > 0 ? { diagnostic: "databaseIsBehind", unappliedMigrationNames: names } : null,
      }
    }
  }

  /** The wasm engine's SQLite reset only deletes rows; a real reset starts from an empty file. */
  private async reset(params: unknown): Promise<unknown> {
    const target = this.target()
    if (target.provider !== "sqlite") {
      await (await this.engine()).engine.reset((params ?? { filter: { ...NO_FILTER } }) as Parameters<SchemaEngine["reset"]>[0])
      return {}
    }
    await this.close()
    for (const suffix of ["", "-journal", "-wal", "-shm"]) await rm(target.filePath + suffix, { force: true })
    await prepareDatabase(target, { create: true })
    return {}
  }

  async close(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    if (handle) await (await handle.catch(() => undefined))?.close()
  }
}
