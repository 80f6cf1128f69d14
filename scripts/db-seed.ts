/**
 * Creates the demo account, idempotently: SEED_EMAIL / SEED_NAME /
 * SEED_PASSWORD (defaults below). An existing account keeps its data and gets
 * the seed password again, so a known login always works.
 */
import { normalizeEmail } from "@/lib/accounts/email"
import { hashPassword } from "@/lib/accounts/password"
import { createPrismaClient } from "@/lib/db/client"

const email = normalizeEmail(process.env.SEED_EMAIL || "demo@example.com")
const name = process.env.SEED_NAME || "Demo User"
const password = process.env.SEED_PASSWORD || "demo-password-123"

async function main() {
  if (!email) throw new Error("SEED_EMAIL is not a valid email address")
  const db = createPrismaClient()
  try {
    const passwordHash = await hashPassword(password)
    const existing = await db.user.findUnique({ where: { email }, select: { id: true } })
    if (existing) {
      await db.user.update({ where: { email }, data: { passwordHash } })
      console.log(`Seed account ${email} exists; password reset to SEED_PASSWORD.`)
    } else {
      await db.user.create({ data: { email, name, passwordHash } })
      console.log(`Created seed account ${email} (${name}).`)
    }
  } finally {
    await db.$disconnect()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`error: db:seed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
