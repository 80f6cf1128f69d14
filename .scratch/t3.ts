process.on("uncaughtException", async (e) => { const { takeEnginePanic } = await import("../lib/db/wasm-engine"); console.log("UNCAUGHT", e.message, takeEnginePanic()); process.exit(1) })
import { openSchemaEngine, readSchemaFiles } from "../lib/db/schema-engine"
import { takeEnginePanic } from "../lib/db/wasm-engine"
import { parseDatabaseUrl } from "../lib/db/url"
const files = await readSchemaFiles(["prisma/schema.prisma"])
const h = await openSchemaEngine(parseDatabaseUrl("file:./.scratch/s.db"), { schemaFiles: [] })
try {
  const r = await h.engine.diff({ from: { tag: "empty" }, to: { tag: "schemaDatamodel", files: files.map(([path, content]) => ({ path, content })) }, script: true, exitCode: null, filters: { externalTables: [], externalEnums: [] } })
  console.log(r)
} catch (e) { console.log("ERR", e, takeEnginePanic()) }
await h.close()
process.on("uncaughtException", (e) => { console.log("UNCAUGHT", e.message, takeEnginePanic()); process.exit(1) })
