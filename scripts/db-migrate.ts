// npm run db:migrate — applies pending migrations to the database DATABASE_URL names
// (postgresql:// or postgres:// → PostgreSQL, otherwise a SQLite file; default file:./prisma/dev.db).
import { migrateDatabase } from "../lib/db/migrate"
import { parseDatabaseUrl, redact, describeTarget } from "../lib/db/url"
import { reportFailure } from "./db-errors"

try {
  const target = parseDatabaseUrl(process.env.DATABASE_URL)
  const { applied } = await migrateDatabase(process.env.DATABASE_URL)
  const where = target.provider === "sqlite" ? describeTarget(target) : redact(target.url)
  if (applied.length === 0) console.log(`${target.provider}: ${where} is up to date, no pending migrations.`)
  else console.log(`${target.provider}: applied to ${where}:\n${applied.map((name) => `  ${name}`).join("\n")}`)
  process.exit(0)
} catch (error) {
  // Exit explicitly either way: the wasm engine leaves a timer pending after PostgreSQL work.
  process.exit(reportFailure(error))
}
