// Prisma CLI config for the PostgreSQL schema. Use with --config, e.g.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/app npx prisma migrate deploy --config prisma/postgres/prisma.config.ts
import path from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig } from "prisma/config"

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, "../..")

// See prisma.config.ts: skips the engine download and runs the wasm schema engine instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(root, "scripts/prisma-schema-engine.mjs")

const fromEnv = process.env.DATABASE_URL?.trim()
const isPostgres = fromEnv !== undefined && /^postgres(ql)?:\/\//i.test(fromEnv)

export default defineConfig({
  schema: path.join(here, "schema.prisma"),
  migrations: { path: path.join(here, "migrations") },
  // Migration commands need a PostgreSQL DATABASE_URL; `prisma generate` needs none.
  ...(isPostgres ? { datasource: { url: fromEnv } } : {}),
})
