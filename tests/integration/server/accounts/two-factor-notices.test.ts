/**
 * The mails that tell a user their second factor changed, through a real
 * SMTP server: one per change, pointing at Settings › Security activity, with no one-time link;
 * counted per address, dropped over the limit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { sendTwoFactorNotice } from "@/server/accounts/two-factor-notices"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { signUp } from "@/server/accounts/users"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const ORIGIN = "http://app.localhost:3000"

describe("two-factor notice mails", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let saved: string | undefined

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
    saved = process.env.EMAIL_SERVER
    process.env.EMAIL_SERVER = `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`
  })
  afterAll(async () => {
    if (saved === undefined) delete process.env.EMAIL_SERVER
    else process.env.EMAIL_SERVER = saved
    await smtp.close()
    await db.cleanup()
  })
  beforeEach(() => {
    smtp.mails.length = 0
  })

  async function account(label: string): Promise<{ id: string; email: string }> {
    const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.test`
    const result = await signUp(db.prisma, { email, name: label, password: "notice-password-4821" })
    if (!result.ok) throw new Error(result.message)
    return { id: result.user.id, email }
  }

  it.each([
    ["enabled", "Two-factor authentication was turned on (Auth Starter)"],
    ["disabled", "Two-factor authentication was turned off (Auth Starter)"],
    ["recovery-codes-regenerated", "New recovery codes were made for your account (Auth Starter)"],
  ] as const)("%s: one mail to the account's address, linking to Settings › Security activity", async (notice, subject) => {
    const user = await account(notice)
    const rateLimit = new RateLimiter({ rules: accountRateLimitRules })
    expect(await sendTwoFactorNotice(db.prisma, { userId: user.id, notice, origin: ORIGIN, rateLimit })).toBe("sent")
    const mail = await smtp.waitFor(user.email)
    expect(mail.subject).toBe(subject)
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/settings#security-activity`)
    expect(mail.text).toContain("If this was not you")
    // A notice, not a one-time link: nothing expires.
    expect(mail.text).not.toMatch(/expires|works once/)
    expect(mail.html).toContain(`href="${ORIGIN}/settings#security-activity"`)
  })

  it("counted per address: over the limit the notice is dropped, other addresses still get theirs", async () => {
    const user = await account("flood")
    const other = await account("other")
    const rateLimit = new RateLimiter({ rules: accountRateLimitRules })
    const limit = accountRateLimitRules["security-notice-address"].limit
    for (let i = 0; i < limit; i++) {
      expect(await sendTwoFactorNotice(db.prisma, { userId: user.id, notice: "recovery-codes-regenerated", origin: ORIGIN, rateLimit })).toBe("sent")
    }
    expect(await sendTwoFactorNotice(db.prisma, { userId: user.id, notice: "disabled", origin: ORIGIN, rateLimit })).toBe("limited")
    expect(await sendTwoFactorNotice(db.prisma, { userId: other.id, notice: "disabled", origin: ORIGIN, rateLimit })).toBe("sent")
    await smtp.waitFor(other.email)
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(user.email))).toHaveLength(limit)
  })

  it("no mail for a user without an address, or an unknown user", async () => {
    const rateLimit = new RateLimiter({ rules: accountRateLimitRules })
    const bare = await db.prisma.user.create({ data: { name: "no address" } })
    expect(await sendTwoFactorNotice(db.prisma, { userId: bare.id, notice: "enabled", origin: ORIGIN, rateLimit })).toBe("no-address")
    expect(await sendTwoFactorNotice(db.prisma, { userId: "nobody", notice: "enabled", origin: ORIGIN, rateLimit })).toBe("no-address")
    expect(smtp.mails).toHaveLength(0)
  })
})
