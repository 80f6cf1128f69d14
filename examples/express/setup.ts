/**
 * `npm run setup` (and the first half of `npm start`): applies the starter's
 * migrations to the example's database and creates the demo account.
 * Both steps do nothing when already done.
 */
import { migrateDatabase } from "../../lib/db/migrate"
import { databaseUrl, prisma } from "./db"
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoUser } from "./demo-user"

try {
  const { applied } = await migrateDatabase(databaseUrl)
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s) to ${databaseUrl}.`)
  if (await ensureDemoUser()) console.log(`Created the demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`)
  await prisma.$disconnect()
  // Explicitly: the schema engine can leave a timer pending after PostgreSQL work.
  process.exit(0)
} catch (error) {
  console.error(`setup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
