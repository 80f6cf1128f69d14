// npm run db:migration -- <name> — writes a migration from schema changes for both providers:
// prisma/migrations (from prisma/schema.prisma) and prisma/postgres/migrations (from
// prisma/postgres/schema.prisma), under the same folder name. Touches no dev database:
// the engine works on scratch databases (a temp SQLite file; a temp database on the
// PostgreSQL server named by POSTGRES_MIGRATION_URL, else a PostgreSQL DATABASE_URL, else
// postgresql://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { createMigration } from "../lib/db/create-migration"
import { isPostgresUrl, parseDatabaseUrl, type PostgresTarget } from "../lib/db/url"
import { reportFailure } from "./db-errors"

const DEFAULT_POSTGRES_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"

function postgresServer(): { target: PostgresTarget; variable: string } {
  const explicit = process.env.POSTGRES_MIGRATION_URL?.trim()
  const databaseUrl = process.env.DATABASE_URL?.trim()
  const [url, variable] = explicit
    ? [explicit, "POSTGRES_MIGRATION_URL"]
    : databaseUrl && isPostgresUrl(databaseUrl)
      ? [databaseUrl, "DATABASE_URL"]
      : [DEFAULT_POSTGRES_SERVER, "POSTGRES_MIGRATION_URL (default postgresql://postgres@127.0.0.1:5432)"]
  const target = parseDatabaseUrl(url, { variable: variable.split(" ")[0] })
  if (target.provider !== "postgresql") {
    console.error(`error: ${variable}: must be a postgresql:// URL`)
    process.exit(1)
  }
  return { target, variable }
}

const name = process.argv.slice(2).find((arg) => !arg.startsWith("-"))
if (!name) {
  console.error("usage: npm run db:migration -- <name>   (e.g. add_user_locale)")
  process.exit(1)
}

try {
  const server = postgresServer()
  const sqlite = await createMigration({ provider: "sqlite", name })
  const postgres = await createMigration({
    provider: "postgresql",
    name,
    folderName: sqlite.folderName ?? undefined,
    postgresServer: server.target,
    postgresVariable: server.variable,
  })
  for (const result of [sqlite, postgres]) {
    console.log(result.path ? `${result.provider}: wrote ${result.path}/migration.sql` : `${result.provider}: no schema changes`)
  }
  if ((sqlite.path === null) !== (postgres.path === null)) {
    console.error(
      "error: only one provider's schema changed; prisma/schema.prisma and prisma/postgres/schema.prisma must change together",
    )
    process.exit(1)
  }
  process.exit(0)
} catch (error) {
  process.exit(reportFailure(error))
}
