// Prisma CLI config for the SQLite schema (the default). PostgreSQL has its own config:
// prisma/postgres/prisma.config.ts (a datasource has exactly one provider).
import path from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig } from "prisma/config"

const root = path.dirname(fileURLToPath(import.meta.url))

// The native schema engine cannot be downloaded offline. Naming an existing file here
// (before the CLI checks for the engine) skips the download; this file is a stand-in
// that runs Prisma's WebAssembly schema engine, so `prisma migrate ...` works too.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(root, "scripts/prisma-schema-engine.mjs")

const fromEnv = process.env.DATABASE_URL?.trim()
const isPostgres = fromEnv !== undefined && /^postgres(ql)?:\/\//i.test(fromEnv)

export default defineConfig({
  schema: path.join(root, "prisma/schema.prisma"),
  migrations: { path: path.join(root, "prisma/migrations") },
  datasource: {
    // SQLite only here: a PostgreSQL DATABASE_URL belongs to prisma/postgres/prisma.config.ts.
    url: fromEnv && !isPostgres ? fromEnv : "file:./prisma/dev.db",
  },
})
