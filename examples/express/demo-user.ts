/**
 * The one account of the example and the password check its credentials
 * provider runs. Passwords are kept as scrypt hashes (the starter's
 * server/accounts/password); `npm run setup` creates the account.
 */
import { hashPassword, verifyPassword } from "../../server/accounts/password"
import { prisma } from "./db"

export const DEMO_EMAIL = "demo@example.com"
export const DEMO_PASSWORD = "demo-password-123"

/** Creates the demo account unless it exists; returns whether it did. */
export async function ensureDemoUser(): Promise<boolean> {
  const existing = await prisma.user.findUnique({ where: { email: DEMO_EMAIL }, select: { id: true } })
  if (existing) return false
  try {
    await prisma.user.create({ data: { email: DEMO_EMAIL, name: "Demo User", passwordHash: await hashPassword(DEMO_PASSWORD) } })
    return true
  } catch (error) {
    // P2002: another setup created it meanwhile (two starts at once).
    if ((error as { code?: unknown }).code === "P2002") return false
    throw error
  }
}

/**
 * The user the email and password belong to, or null. An unknown email still
 * costs one hash, so the answer time does not tell which emails have accounts.
 */
export async function userWithPassword(email: unknown, password: unknown) {
  if (typeof email !== "string" || typeof password !== "string" || email.length > 320 || password.length > 1024) return null
  const row = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, name: true, email: true, image: true, passwordHash: true },
  })
  if (!(await verifyPassword(password, row?.passwordHash))) return null
  if (!row) return null
  const { passwordHash: _hash, ...user } = row
  return user
}
