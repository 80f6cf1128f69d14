/**
 * `npm run setup` (and the first step of `npm run dev` and `npm run preview`):
 * applies the starter's migrations to the example's database and creates the
 * demo account. Both steps do nothing when already done. Runs under tsx, not
 * Vite, so it imports by relative path where the app uses `$starter`.
 */
import { hashPassword } from "../../../server/accounts/password"
import { createPrismaClient } from "../../../lib/db/client"
import { migrateDatabase } from "../../../lib/db/migrate"

const databaseUrl = process.env.DATABASE_URL || "file:./example.db"
const DEMO = { email: "demo@example.com", name: "Demo User", password: "demo-password-123" }

try {
  const { applied } = await migrateDatabase(databaseUrl)
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s) to ${databaseUrl}.`)
  const prisma = createPrismaClient(databaseUrl)
  if (!(await prisma.user.findUnique({ where: { email: DEMO.email }, select: { id: true } }))) {
    await prisma.user.create({ data: { email: DEMO.email, name: DEMO.name, passwordHash: await hashPassword(DEMO.password) } })
    console.log(`Created the demo account: ${DEMO.email} / ${DEMO.password}`)
  }
  await prisma.$disconnect()
  // Explicitly: the schema engine can leave a timer pending after PostgreSQL work.
  process.exit(0)
} catch (error) {
  console.error(`setup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
