/**
 * Deleting an account on real SQLite and PostgreSQL: every record of the
 * user goes in one transaction (its mailed tokens included) and nothing of
 * another user; a failure in the middle leaves everything as it was; the
 * security log rows stay, unlinked (userId null); the typed confirmation;
 * and the notice mail, through a real SMTP capture.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import type { DbClient } from "@/lib/db/client"
import { sendAccountDeletedNotice } from "@/server/accounts/account-deleted"
import { confirmsDeletion, deleteAccount } from "@/server/accounts/account-deletion"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { recordsOf, seedAccount } from "./account-fixture"

const NOTHING = { users: 0, accounts: 0, sessions: 0, authenticators: 0, twoFactors: 0, recoveryCodes: 0, tokens: 0, securityEvents: 0 }
const EVERYTHING = { users: 1, accounts: 1, sessions: 1, authenticators: 1, twoFactors: 1, recoveryCodes: 3, tokens: 5, securityEvents: 2 }

describe.each(["sqlite", "postgresql"] as const)("deleting an account on %s", (provider) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(() => db.cleanup())

  it("removes every record of the user, its mailed tokens included, and nothing of another user", async () => {
    const doomed = await seedAccount(db.prisma, "doomed")
    const bystander = await seedAccount(db.prisma, "bystander")
    expect(await recordsOf(db.prisma, doomed)).toEqual(EVERYTHING)

    expect(await deleteAccount(db.prisma, doomed.userId)).toEqual({ email: doomed.email })

    expect(await recordsOf(db.prisma, doomed)).toEqual(NOTHING)
    expect(await recordsOf(db.prisma, bystander)).toEqual(EVERYTHING)
    // The OAuth identity is free again: signing in with it would make a new user.
    expect(await db.prisma.account.findFirst({ where: { providerAccountId: { startsWith: "sub-doomed" } } })).toBeNull()
  })

  it("keeps the user's security log rows, unlinked from any user", async () => {
    const doomed = await seedAccount(db.prisma, "logged")
    const ids = (await db.prisma.securityEvent.findMany({ where: { userId: doomed.userId }, select: { id: true } })).map((r) => r.id)
    expect(ids).toHaveLength(2)
    await deleteAccount(db.prisma, doomed.userId)
    const rows = await db.prisma.securityEvent.findMany({ where: { id: { in: ids } } })
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.userId === null)).toBe(true)
  })

  it("is atomic: a failure in the middle (the user row refuses to go) leaves every record in place", async () => {
    const kept = await seedAccount(db.prisma, "kept")
    // The same client with one operation made to fail, after the tokens, accounts, sessions,
    // passkeys and two-factor rows were already deleted inside the transaction.
    const failing = db.prisma.$extends({
      query: {
        user: {
          deleteMany() {
            return Promise.reject(new Error("forced failure in the middle of the deletion"))
          },
        },
      },
    }) as unknown as DbClient
    await expect(deleteAccount(failing, kept.userId)).rejects.toThrow("forced failure")
    expect(await recordsOf(db.prisma, kept)).toEqual(EVERYTHING)
  })

  it("an unknown user is no error and deletes nothing", async () => {
    const bystander = await seedAccount(db.prisma, "untouched")
    expect(await deleteAccount(db.prisma, "no-such-user")).toBeUndefined()
    expect(await recordsOf(db.prisma, bystander)).toEqual(EVERYTHING)
  })

  it("a user without an address loses its user-bound records too", async () => {
    const user = await db.prisma.user.create({ data: { name: "No address" } })
    await db.prisma.session.create({ data: { sessionToken: `s-${user.id}`, userId: user.id, expires: new Date(Date.now() + 60_000) } })
    expect(await deleteAccount(db.prisma, user.id)).toEqual({ email: null })
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    expect(await db.prisma.user.count({ where: { id: user.id } })).toBe(0)
  })
})

describe("the typed confirmation", () => {
  it("is the account's address, letter case and surrounding spaces aside; DELETE without one", () => {
    expect(confirmsDeletion("ada@example.com", "ada@example.com")).toBe(true)
    expect(confirmsDeletion("  Ada@Example.COM ", "ada@example.com")).toBe(true)
    expect(confirmsDeletion("ada@example.org", "ada@example.com")).toBe(false)
    expect(confirmsDeletion("DELETE", "ada@example.com")).toBe(false)
    expect(confirmsDeletion("", "ada@example.com")).toBe(false)
    expect(confirmsDeletion(null, "ada@example.com")).toBe(false)
    // A look-alike (full-width "＠") is refused by the normaliser, never folded into the address.
    expect(confirmsDeletion("ada＠example.com", "ada@example.com")).toBe(false)
    expect(confirmsDeletion("DELETE", null)).toBe(true)
    expect(confirmsDeletion(" DELETE ", null)).toBe(true)
    expect(confirmsDeletion("delete", null)).toBe(false)
    expect(confirmsDeletion("ada@example.com", null)).toBe(false)
  })
})

describe("the notice mail", () => {
  let smtp: TestSmtpServer
  let saved: string | undefined
  beforeAll(async () => {
    smtp = await startSmtpServer()
    saved = process.env.EMAIL_SERVER
    process.env.EMAIL_SERVER = `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`
  })
  afterAll(async () => {
    if (saved === undefined) delete process.env.EMAIL_SERVER
    else process.env.EMAIL_SERVER = saved
    await smtp.close()
  })

  it("goes to the address the account had, says it was deleted, and is counted by the notice limit", async () => {
    const rateLimit = new RateLimiter({ rules: accountRateLimitRules })
    const event = { userId: "gone", email: "gone@example.test", origin: "http://app.localhost:3000", rateLimit }
    expect(await sendAccountDeletedNotice(event)).toBe("sent")
    const mail = await smtp.waitFor("gone@example.test")
    expect(mail.subject).toBe("Your account was deleted (Auth Starter)")
    expect(mail.text).toContain("Your account was deleted")
    expect(await sendAccountDeletedNotice({ ...event, email: null })).toBe("no-address")
    for (let i = 1; i < accountRateLimitRules["security-notice-address"].limit; i++) await sendAccountDeletedNotice(event)
    expect(await sendAccountDeletedNotice(event)).toBe("limited")
  })
})
