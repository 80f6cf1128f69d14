#!/usr/bin/env node
// Stand-in for Prisma's native schema engine binary (which cannot be downloaded offline).
// prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here; see lib/db/engine-server.ts.
import { register } from "tsx/esm/api"

register()
const { runSchemaEngine } = await import("../lib/db/engine-server.ts")
const { takeEnginePanic } = await import("../lib/db/wasm-engine.ts")

// A Rust panic surfaces as an uncaught "unreachable"; report it the way the native engine
// does (an ERROR log line, exit code 101) so the CLI shows the panic message.
process.on("uncaughtException", (error) => {
  const message = takeEnginePanic() ?? String(error?.stack ?? error)
  process.stderr.write(`${JSON.stringify({ level: "ERROR", fields: { message, is_panic: true }, target: "schema_engine::logger" })}\n`)
  process.exit(101)
})
const code = await runSchemaEngine(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
}).catch((error) => {
  process.stderr.write(`${JSON.stringify({ level: "ERROR", fields: { message: String(error?.stack ?? error) }, target: "schema_engine::logger" })}\n`)
  return 1
})
// Exit explicitly: after PostgreSQL work the wasm engine leaves a timer pending for ~10 s.
process.exitCode = code
process.stdout.write("", () => process.exit(code))
