/**
 * Email addresses with control characters. normalizeEmail let U+0000 (and the
 * other C0 controls) through; PostgreSQL rejects U+0000 in text, so signing up
 * with "a\u0000b@example.com" (a crafted server-action post) threw out of the
 * action (a 500 page), and signing in with it went to the Configuration error
 * page with a logged database error. On SQLite the address was stored as given.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { normalizeEmail } from "@/lib/accounts/email"
import { authorizeWithPassword } from "@/lib/accounts/sign-in"
import { signUp, verifyCredentials } from "@/lib/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

const hostile = ["a\u0000b@example.com", "ada@exam\u0000ple.com", "ada\u0007@example.com", "ada@example.com\u007f", "a\u0085b@example.com"]

describe("normalizeEmail", () => {
  it.each(hostile)("refuses %j", (email) => {
    expect(normalizeEmail(email)).toBeNull()
  })

  it("still accepts ordinary and internationalised addresses", () => {
    expect(normalizeEmail(" Ada@Example.com ")).toBe("ada@example.com")
    expect(normalizeEmail("zoë@exämple.de")).toBe("zoë@exämple.de")
  })
})

describe.each(["sqlite", "postgresql"] as const)("accounts with control characters on %s", (provider) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(() => db.cleanup())

  it("sign-up refuses the address as invalid and writes nothing", async () => {
    const before = await db.prisma.user.count()
    for (const email of hostile) {
      expect(await signUp(db.prisma, { email, name: "Ada", password: "analytical engine 1843" })).toMatchObject({
        ok: false,
        field: "email",
      })
    }
    expect(await db.prisma.user.count()).toBe(before)
  })

  it("sign-in answers null (CredentialsSignin), not a database error", async () => {
    expect(await verifyCredentials(db.prisma, "a\u0000b@example.com", "whatever-password")).toBeNull()
    expect(await authorizeWithPassword(db.prisma, { email: "a\u0000b@example.com", password: "x" })).toBeNull()
  })
})
