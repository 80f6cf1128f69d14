/**
 * `npm run db:seed` (scripts/db-seed.ts) against a fresh, migrated SQLite file:
 * the message names the credentials that actually work, and production logs
 * never carry the password.
 */
import { afterEach, describe, expect, it } from "vitest"
import { verifyPassword } from "@/server/accounts/password"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { runBin } from "@/tests/helpers/run"

let db: TestDatabase | undefined
afterEach(async () => {
  await db?.cleanup()
  db = undefined
})

async function seed(env: Record<string, string | undefined>) {
  db = await createTestDatabase("sqlite")
  const result = await runBin("tsx", ["scripts/db-seed.ts"], {
    DATABASE_URL: db.url,
    SEED_EMAIL: undefined,
    SEED_NAME: undefined,
    SEED_PASSWORD: undefined,
    ...env,
  })
  expect(result.code, result.stderr).toBe(0)
  return result.stdout
}

async function passwordWorks(email: string, password: string): Promise<boolean> {
  const user = await db!.prisma.user.findUnique({ where: { email }, select: { passwordHash: true } })
  return user?.passwordHash ? verifyPassword(password, user.passwordHash) : false
}

describe("db:seed", () => {
  it("prints the demo credentials it created in development", async () => {
    const out = await seed({ NODE_ENV: "development" })
    expect(out).toContain("Sign in with demo@example.com / demo-password-123")
    expect(out).not.toContain("SEED_PASSWORD")
    expect(await passwordWorks("demo@example.com", "demo-password-123")).toBe(true)
  })

  it("creates the demo account verified: no “Not verified” and no banner about a mail nobody can receive", async () => {
    await seed({ NODE_ENV: "development" })
    const user = await db!.prisma.user.findUnique({ where: { email: "demo@example.com" }, select: { emailVerified: true } })
    expect(user?.emailVerified).toBeInstanceOf(Date)
  })

  it("prints the credentials the developer chose", async () => {
    const out = await seed({ NODE_ENV: "development", SEED_EMAIL: "Me@Example.com", SEED_PASSWORD: "my-own-password-42" })
    expect(out).toContain("Sign in with me@example.com / my-own-password-42")
    expect(await passwordWorks("me@example.com", "my-own-password-42")).toBe(true)
  })

  it("never prints the password in production", async () => {
    const out = await seed({ NODE_ENV: "production", SEED_PASSWORD: "production-password-42", PASSWORD_HASH_COST: "production" })
    expect(out).toContain("Created seed account demo@example.com")
    expect(out).not.toContain("production-password-42")
    expect(out).toContain("SEED_PASSWORD you set")
  })
})
