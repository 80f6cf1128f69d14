import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { passwordHashGate } from "@/server/accounts/hash-gate"
import { authorizeWithPassword, SignInBusy } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

/** Occupies every slot and queue place of the process's hash gate until released. */
function saturateHashGate() {
  const gate = passwordHashGate()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const holders = Array.from({ length: gate.concurrency + gate.queueLimit }, () => gate.run(() => held))
  return async () => {
    release()
    await Promise.all(holders)
  }
}

describe("sign-up and sign-in under a flood of password hashes", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    await signUp(db.prisma, { email: "taken@example.com", name: "Taken", password: "a long enough passphrase" })
  })
  afterAll(() => db.cleanup())

  it("answers a taken email without hashing: it works even while every hash slot is busy", async () => {
    const release = saturateHashGate()
    try {
      expect(await signUp(db.prisma, { email: "TAKEN@example.com", name: "Copy", password: "another passphrase 9" })).toMatchObject({
        ok: false,
        field: "email",
      })
    } finally {
      await release()
    }
  })

  it("refuses a new sign-up with a 'busy' message instead of queueing when hashing is saturated, and stores nothing", async () => {
    const release = saturateHashGate()
    try {
      expect(await signUp(db.prisma, { email: "new@example.com", name: "New", password: "another passphrase 9" })).toEqual({
        ok: false,
        field: "password",
        message: "The server is busy. Try again in a moment.",
      })
    } finally {
      await release()
    }
    expect(await db.prisma.user.findUnique({ where: { email: "new@example.com" } })).toBeNull()
  })

  it("refuses a sign-in as busy (code busy, Retry-After 1) while hashing is saturated", async () => {
    const release = saturateHashGate()
    try {
      const refused = await authorizeWithPassword(db.prisma, { email: "taken@example.com", password: "x" }).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(SignInBusy)
      expect(refused).toMatchObject({ code: "busy", retryAfterSeconds: 1 })
    } finally {
      await release()
    }
    expect(await authorizeWithPassword(db.prisma, { email: "taken@example.com", password: "a long enough passphrase" })).toMatchObject({
      email: "taken@example.com",
    })
  })

  it("refuses the full-width form of a common password at sign-up", async () => {
    expect(await signUp(db.prisma, { email: "fw@example.com", name: "FW", password: "ｐａｓｓｗｏｒｄ１２３" })).toMatchObject({
      ok: false,
      field: "password",
    })
  })
})
