/**
 * Property tests of the credentials form: whatever the fields hold (any JSON
 * value, not just strings), the identifier and email normalisation never
 * throw and are stable, and only the right email with the right password
 * signs in, against a real database.
 */
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { normalizeEmail } from "@/server/accounts/email"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { credentialIdentifier } from "@/lib/auth/actions/callback/credentials-limits"
import Credentials from "@/lib/auth/providers/credentials"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

// Every verifyCredentials call runs one scrypt, right or wrong.
vi.setConfig({ testTimeout: 120_000 })

const EMAIL = "form.owner@example.com"
const PASSWORD = "the right passphrase"

const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom("", " ", "\u0000", "a@b", "@example.com", "x@localhost", "\ud800@example.com", "a\u200b@example.com", "A@EXAMPLE.COM ", "x".repeat(2000)),
)
const anyField = fc.oneof(hostileText, fc.anything())

describe("the credentials form", () => {
  it("normalizeEmail never throws, and what it returns is one address that normalises to itself", () => {
    fc.assert(
      fc.property(fc.oneof(anyField, fc.emailAddress()), (input) => {
        const email = normalizeEmail(input)
        if (email === null) return
        expect(email.split("@")).toHaveLength(2)
        expect(email).not.toMatch(/[\s\u0000-\u001f]/)
        expect(email.length).toBeLessThanOrEqual(254)
        expect(normalizeEmail(email)).toBe(email)
      }),
      { numRuns: 3000 },
    )
  })

  it("the rate-limit identifier of any body is a bounded, stable key or nothing", () => {
    const provider = Credentials({ credentials: { email: { type: "email" }, password: { type: "password" } }, authorize: () => null })
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("email", "password", "csrfToken", "__proto__", "x"), anyField), (body) => {
        const id = credentialIdentifier(provider, body)
        if (id === undefined) return
        expect(id.length).toBeGreaterThan(0)
        expect(id.length).toBeLessThanOrEqual(320)
        expect(credentialIdentifier(provider, { email: id })).toBe(id)
      }),
      { numRuns: 2000 },
    )
  })

  describe("against the database", () => {
    let db: TestDatabase
    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      await signUp(db.prisma, { email: EMAIL, name: "Form Owner", password: PASSWORD })
    })
    afterAll(() => db.cleanup())

    it("never throws on any field values, and lets in only the right pair (in any spelling of the address)", async () => {
      const emailSpelling = fc.constantFrom(EMAIL, EMAIL.toUpperCase(), ` ${EMAIL}\t`, "FORM.owner@Example.COM")
      await fc.assert(
        fc.asyncProperty(fc.oneof(emailSpelling, anyField), fc.oneof(fc.constant(PASSWORD), fc.constant(`${PASSWORD} `), anyField), async (email, password) => {
          const user = await verifyCredentials(db.prisma, email, password)
          const right = normalizeEmail(email) === EMAIL && password === PASSWORD
          expect(user?.email ?? null).toBe(right ? EMAIL : null)
        }),
        { numRuns: 40 },
      )
    })
  })
})
