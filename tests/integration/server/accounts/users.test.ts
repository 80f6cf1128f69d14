import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { normalizeEmail } from "@/server/accounts/email"
import { authorizeWithPassword } from "@/server/accounts/sign-in"

describe.each(["sqlite", "postgresql"] as const)("accounts on %s", (provider) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(() => db.cleanup())

  it("signs up, storing a hash in its own column, and signs in with the same password", async () => {
    const result = await signUp(db.prisma, { email: " Ada@Example.com ", name: "Ada", password: "analytical engine 1843" })
    expect(result).toMatchObject({ ok: true, user: { email: "ada@example.com", name: "Ada" } })
    const row = await db.prisma.user.findUnique({ where: { email: "ada@example.com" } })
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
    expect(JSON.stringify(result)).not.toContain("scrypt")

    expect(await verifyCredentials(db.prisma, "ADA@example.com", "analytical engine 1843")).toMatchObject({ name: "Ada" })
  })

  it("gives the same answer (null) for a wrong password and an unknown email", async () => {
    await signUp(db.prisma, { email: "grace@example.com", name: "Grace", password: "compiler-pioneer-1952" })
    expect(await verifyCredentials(db.prisma, "grace@example.com", "wrong-password-000")).toBeNull()
    expect(await verifyCredentials(db.prisma, "nobody@example.com", "compiler-pioneer-1952")).toBeNull()
    expect(await verifyCredentials(db.prisma, { $ne: null }, ["x"])).toBeNull()
  })

  it("refuses a taken email, a weak password and a bad name without writing anything", async () => {
    const before = await db.prisma.user.count()
    expect(await signUp(db.prisma, { email: "ada@example.com", name: "Other", password: "another good passphrase" })).toMatchObject({
      ok: false,
      field: "email",
    })
    expect(await signUp(db.prisma, { email: "new@example.com", name: "New", password: "password" })).toMatchObject({
      ok: false,
      field: "password",
    })
    expect(await signUp(db.prisma, { email: "new@example.com", name: "   ", password: "good long passphrase" })).toMatchObject({
      ok: false,
      field: "name",
    })
    expect(await db.prisma.user.count()).toBe(before)
  })
})

// Email addresses with control characters. normalizeEmail let U+0000 (and the
// other C0 controls) through; PostgreSQL rejects U+0000 in text, so signing up
// with "a\u0000b@example.com" (a crafted server-action post) threw out of the
// action (a 500 page), and signing in with it went to the Configuration error
// page with a logged database error. On SQLite the address was stored as given.
 
const hostile = ["a\u0000b@example.com", "ada@exam\u0000ple.com", "ada\u0007@example.com", "ada@example.com\u007f", "a\u0085b@example.com"]

describe("normalizeEmail", () => {
  it.each(hostile)("refuses %j", (email) => {
    expect(normalizeEmail(email)).toBeNull()
  })

  it("still accepts ordinary and internationalised addresses", () => {
    expect(normalizeEmail(" Ada@Example.com ")).toBe("ada@example.com")
    // One canonical form per mailbox: the domain in its ASCII (punycode) form.
    expect(normalizeEmail("zoë@exämple.de")).toBe("zoë@xn--exmple-cua.de")
    expect(normalizeEmail("zoë@xn--exmple-cua.de")).toBe("zoë@xn--exmple-cua.de")
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
