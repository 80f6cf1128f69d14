/**
 * Changing the password while signed in, on a real SQLite file: the current
 * password is required and its wrong guesses spend the sign-in budget of the
 * address; the new one follows the sign-up rules; afterwards only the new
 * password signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { changePassword } from "@/server/accounts/password-change"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit/memory-store"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

describe("changePassword", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
  })
  afterAll(() => db.cleanup())

  async function account() {
    const email = `change-${crypto.randomUUID()}@example.com`
    const password = `old-${crypto.randomUUID()}`
    const result = await signUp(db.prisma, { email, name: "Changer", password })
    if (!result.ok) throw new Error(result.message)
    return { id: result.user.id, email, password }
  }
  const limiter = () => new RateLimiter({ store: new MemoryRateLimitStore() })

  it("with the right current password, sets the new one: only it signs in afterwards", async () => {
    const user = await account()
    const next = `new-${crypto.randomUUID()}`
    const rateLimit = limiter()
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: next, rateLimit })).toEqual({
      ok: true,
    })
    expect(await verifyCredentials(db.prisma, user.email, user.password)).toBeNull()
    expect((await verifyCredentials(db.prisma, user.email, next))?.id).toBe(user.id)
  })

  it("refuses a wrong current password, and a new one that breaks the rules, changing nothing", async () => {
    const user = await account()
    const rateLimit = limiter()
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: "wrong", newPassword: `n-${crypto.randomUUID()}`, rateLimit })).toMatchObject({
      ok: false,
      field: "currentPassword",
    })
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: "short", rateLimit })).toMatchObject({
      ok: false,
      field: "newPassword",
    })
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: "password123", rateLimit })).toMatchObject({
      ok: false,
      field: "newPassword",
    })
    expect((await verifyCredentials(db.prisma, user.email, user.password))?.id).toBe(user.id)
  })

  it("wrong current passwords spend the address's sign-in budget: guessing through a session is no faster", async () => {
    const user = await account()
    const rateLimit = limiter()
    const results = []
    for (let i = 0; i < 6; i++) {
      results.push(await changePassword(db.prisma, { userId: user.id, currentPassword: `guess-${i}`, newPassword: "x".repeat(20), rateLimit }))
    }
    expect(results.at(-1)).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many attempts/) })
    // Even the right password waits out the window now.
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: `n-${crypto.randomUUID()}`, rateLimit })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too many attempts/),
    })
  })

  it("an account without a password has nothing to change", async () => {
    const row = await db.prisma.user.create({ data: { email: `nopw-${crypto.randomUUID()}@example.com` } })
    expect(await changePassword(db.prisma, { userId: row.id, currentPassword: "", newPassword: "x".repeat(20), rateLimit: limiter() })).toMatchObject({
      ok: false,
    })
  })
})
