/**
 * Creates the demo account, idempotently: SEED_EMAIL / SEED_NAME /
 * SEED_PASSWORD (defaults below). An existing account is left as it is.
 * Beside it, an admin: SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD
 * (default admin@example.com / admin-password-123), verified and holding the
 * `admin` role. Not in production unless SEED_ADMIN_PASSWORD is set: a known
 * admin password on a public server would be the first thing tried.
 *
 * The demo account is created verified: nobody can open demo@example.com's mailbox,
 * so an unverified demo account could never be confirmed and would greet every
 * newcomer with "Not verified" and a banner about a mail that never comes. The
 * operator who sets SEED_EMAIL vouches for that address (docs/decisions/pages-and-visual-system.md,
 * "Names, first start and the visual harness").
 */
import { normalizeEmail } from "@/server/accounts/email"
import { hashPassword } from "@/server/accounts/password"
import { createPrismaClient } from "@/lib/db/client"

const email = normalizeEmail(process.env.SEED_EMAIL || "demo@example.com")
const name = process.env.SEED_NAME || "Demo User"
const password = process.env.SEED_PASSWORD || "demo-password-123"
const adminEmail = normalizeEmail(process.env.SEED_ADMIN_EMAIL || "admin@example.com")
const adminPassword = process.env.SEED_ADMIN_PASSWORD || "admin-password-123"
const seedsAdmin = process.env.NODE_ENV !== "production" || Boolean(process.env.SEED_ADMIN_PASSWORD)

/**
 * What to sign in with. The password is printed only outside production: it is
 * the demo default or what the developer just set, and logs of a production
 * machine are read by more people than its operator.
 */
function signInHint(): string {
  if (process.env.NODE_ENV === "production") {
    return process.env.SEED_PASSWORD ? "Its password is the SEED_PASSWORD you set." : "Its password is the demo default: change it."
  }
  return `Sign in with ${email} / ${password}`
}

async function main() {
  if (!email) throw new Error("SEED_EMAIL is not a valid email address")
  const db = createPrismaClient()
  try {
    const existing = await db.user.findUnique({ where: { email }, select: { id: true } })
    if (existing) {
      console.log(`Seed account ${email} already exists; left unchanged.`)
    } else {
      await db.user.create({ data: { email, name, emailVerified: new Date(), passwordHash: await hashPassword(password) } })
      console.log(`Created seed account ${email} (${name}). ${signInHint()}`)
    }
    if (!seedsAdmin || !adminEmail) return
    const hint = process.env.NODE_ENV === "production" ? "Its password is the SEED_ADMIN_PASSWORD you set." : `Sign in with ${adminEmail} / ${adminPassword}`
    const admin = await db.user.findUnique({ where: { email: adminEmail }, select: { id: true } })
    if (admin) {
      console.log(`Admin account ${adminEmail} already exists; left unchanged. ${hint}`)
      return
    }
    await db.user.create({
      data: { email: adminEmail, name: "Admin", emailVerified: new Date(), roles: "admin", passwordHash: await hashPassword(adminPassword) },
    })
    console.log(`Created admin account ${adminEmail} (admin role). ${hint}`)
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
