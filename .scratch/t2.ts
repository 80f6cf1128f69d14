import { openSchemaEngine, readSchemaFiles, NO_FILTER } from "../lib/db/schema-engine"
import { readMigrationsList } from "../lib/db/migrations-dir"
import { parseDatabaseUrl } from "../lib/db/url"
import { rmSync } from "node:fs"
rmSync(".scratch/a.db", { force: true })
const target = parseDatabaseUrl("file:./.scratch/a.db")
const files = await readSchemaFiles(["prisma/schema.prisma"])
const h = await openSchemaEngine(target, { schemaFiles: files, onLog: (l) => console.error("LOG", l) })
const list = await readMigrationsList(".scratch/migs")
try {
  console.log(await h.engine.devDiagnostic({ migrationsList: list, filters: { ...NO_FILTER } }))
} catch (e) { console.log("ERR", e, typeof e, Object.keys(e as object), JSON.stringify(e)) }
await h.engine.applyMigrations({ migrationsList: { ...list, migrationDirectories: [] }, filters: { externalTables: [], externalEnums: [] } })
console.log(await h.engine.devDiagnostic({ migrationsList: list, filters: { externalTables: [], externalEnums: [] } }))
const r = await h.engine.createMigration({ draft: false, migrationName: "init", migrationsList: list, schema: { files: files.map(([path, content]) => ({ path, content })) }, filters: { externalTables: [], externalEnums: [] } })
console.log(r)
await h.close()
