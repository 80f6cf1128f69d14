/**
 * `npm run admin -- grant|revoke <email>` (scripts/admin.ts) and the seeded admin
 * (scripts/db-seed.ts) against a fresh, migrated SQLite file: the one documented step that makes
 * someone an admin, and its undoing, which also ends the account's sessions.
 */
import { afterEach, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { runBin } from "@/tests/helpers/run"

let db: TestDatabase | undefined
afterEach(async () => {
  await db?.cleanup()
  db = undefined
})

const quiet = { SEED_EMAIL: undefined, SEED_PASSWORD: undefined, SEED_ADMIN_EMAIL: undefined, SEED_ADMIN_PASSWORD: undefined, AUTH_ADMIN_EMAILS: undefined }

async function run(script: string, args: string[], env: Record<string, string | undefined> = {}) {
  return runBin("tsx", [script, ...args], { DATABASE_URL: db!.url, ...quiet, ...env })
}

describe("npm run admin", () => {
  it("grants and revokes the admin role, ending the account's sessions each time", async () => {
    db = await createTestDatabase("sqlite")
    const user = await db.prisma.user.create({ data: { email: "someone@example.com", name: "Someone" } })
    await db.prisma.session.create({ data: { sessionToken: "t-1", userId: user.id, expires: new Date(Date.now() + 3600_000) } })

    const granted = await run("scripts/admin.ts", ["grant", "Someone@Example.com"])
    expect(granted.code, granted.stderr).toBe(0)
    expect(granted.stdout).toContain("someone@example.com now holds the admin role")
    const after = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(after.roles).toBe("admin")
    expect(after.sessionsValidSince).not.toBeNull()
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    expect(await db.prisma.securityEvent.count({ where: { userId: user.id, type: "roles-changed" } })).toBe(1)

    const listed = await run("scripts/admin.ts", ["list"])
    expect(listed.stdout).toContain("someone@example.com")

    const revoked = await run("scripts/admin.ts", ["revoke", "someone@example.com"], { AUTH_ADMIN_EMAILS: "someone@example.com" })
    expect(revoked.code, revoked.stderr).toBe(0)
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).roles).toBeNull()
    // Still an admin through the variable, and told so.
    expect(revoked.stderr).toContain("AUTH_ADMIN_EMAILS")
  })

  it("refuses an unknown address and a missing command without changing anything", async () => {
    db = await createTestDatabase("sqlite")
    const unknown = await run("scripts/admin.ts", ["grant", "nobody@example.com"])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("no account with the address nobody@example.com")
    const usage = await run("scripts/admin.ts", ["promote"])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain("usage: npm run admin")
    expect(await db.prisma.user.count()).toBe(0)
  })
})

describe("db:seed's admin", () => {
  it("creates admin@example.com, verified and holding the admin role, and prints how to sign in", async () => {
    db = await createTestDatabase("sqlite")
    const out = await run("scripts/db-seed.ts", [], { NODE_ENV: "development" })
    expect(out.code, out.stderr).toBe(0)
    expect(out.stdout).toContain("Sign in with admin@example.com / admin-password-123")
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { email: "admin@example.com" } })
    expect(admin.roles).toBe("admin")
    expect(admin.emailVerified).not.toBeNull()
    const again = await run("scripts/db-seed.ts", [], { NODE_ENV: "development" })
    expect(again.stdout).toContain("Admin account admin@example.com already exists")
  })

  it("makes no admin with a known password in production", async () => {
    db = await createTestDatabase("sqlite")
    const out = await run("scripts/db-seed.ts", [], { NODE_ENV: "production", SEED_PASSWORD: "production-password-42", PASSWORD_HASH_COST: "production" })
    expect(out.code, out.stderr).toBe(0)
    expect(await db.prisma.user.findUnique({ where: { email: "admin@example.com" } })).toBeNull()
  })
})
