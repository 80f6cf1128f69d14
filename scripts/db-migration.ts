// npm run db:migration -- <name> — writes a migration from schema changes for both providers:
// prisma/migrations (from prisma/schema.prisma) and prisma/postgres/migrations (from
// prisma/postgres/schema.prisma), under the same folder name. Touches no dev database:
// the engine works on scratch databases (a temp SQLite file; a temp database on the
// PostgreSQL server named by POSTGRES_MIGRATION_URL, else a PostgreSQL DATABASE_URL, else
// postgresql://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { planMigration, writePlannedMigration } from "../lib/db/create-migration"
import { slugifyMigrationName } from "../lib/db/migrations-dir"
import { DatabaseConfigError, isPostgresUrl, parseDatabaseUrl, type PostgresTarget } from "../lib/db/url"
import { reportFailure } from "./db-errors"

const DEFAULT_POSTGRES_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"

function postgresServer(): { target: PostgresTarget; variable: string } {
  const explicit = process.env.POSTGRES_MIGRATION_URL?.trim()
  const databaseUrl = process.env.DATABASE_URL?.trim()
  const [url, variable] = explicit
    ? [explicit, "POSTGRES_MIGRATION_URL"]
    : databaseUrl && isPostgresUrl(databaseUrl)
      ? [databaseUrl, "DATABASE_URL"]
      : [DEFAULT_POSTGRES_SERVER, "POSTGRES_MIGRATION_URL"]
  const target = parseDatabaseUrl(url, { variable })
  if (target.provider !== "postgresql") throw new DatabaseConfigError(variable, "must be a postgresql:// URL")
  return { target, variable }
}

const name = process.argv.slice(2).find((arg) => !arg.startsWith("-"))
if (!name || slugifyMigrationName(name) === "") {
  console.error("usage: npm run db:migration -- <name>   (e.g. add_user_locale)")
  process.exit(1)
}

try {
  const server = postgresServer()
  // Compute both before writing either, so a failure leaves the migrations folders untouched.
  const sqlite = await planMigration({ provider: "sqlite", name })
  const postgres = await planMigration({
    provider: "postgresql",
    name,
    postgresServer: server.target,
    postgresVariable: server.variable,
  })
  if ((sqlite === null) !== (postgres === null)) {
    const changed = sqlite ? "prisma/schema.prisma" : "prisma/postgres/schema.prisma"
    console.error(`error: only ${changed} has changes; change both schemas the same way (see schema-parity test)`)
    process.exit(1)
  }
  if (!sqlite || !postgres) {
    console.log("No schema changes: no migration written.")
    process.exit(0)
  }
  // One folder name for both histories.
  for (const planned of [sqlite, postgres]) {
    const written = await writePlannedMigration(planned, { folderName: sqlite.folderName })
    console.log(`${planned.provider}: wrote ${written.path}/migration.sql`)
  }
  process.exit(0)
} catch (error) {
  process.exit(reportFailure(error))
}
