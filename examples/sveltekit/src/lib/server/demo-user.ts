/**
 * The password check the example's credentials provider runs. Passwords are
 * kept as scrypt hashes (the starter's server/accounts/password); `npm run setup`
 * (scripts/setup.ts) creates the demo account.
 */
import { verifyPassword } from "$server/accounts/password"
import { prisma } from "./db"

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
