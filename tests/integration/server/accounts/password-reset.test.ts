/**
 * Password reset and address verification against a real database and a real
 * SMTP server: the mails nodemailer delivers are parsed and their links used.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { sendVerificationMail, confirmEmailAddress } from "@/server/accounts/email-verification"
import { requestPasswordReset, resetPassword, resetTokenEmail } from "@/server/accounts/password-reset"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const ORIGIN = "http://app.localhost:3000"

describe("password reset and email verification", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let saved: string | undefined
  let clientCounter = 0
  const client = () => `198.51.100.${++clientCounter}`
  // The library's limiter with its default rules, as auth.ts's `rateLimit` applies them.
  const rateLimit = new RateLimiter({ rules: accountRateLimitRules })

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

  async function account(label: string, password = "first-password-4821") {
    const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.test`
    const result = await signUp(db.prisma, { email, name: label, password })
    if (!result.ok) throw new Error(result.message)
    return { ...result.user, password }
  }

  async function resetLink(email: string): Promise<string> {
    const result = await requestPasswordReset(db.prisma, { email, origin: ORIGIN, client: client(), rateLimit })
    expect(result).toMatchObject({ ok: true })
    await result.sent
    const mail = await smtp.waitFor(email)
    expect(mail.subject).toBe("Reset your password for Auth Starter (link valid for 1 hour)")
    expect(mail.text).toContain("expires in 1 hour")
    return linkIn(mail, `${ORIGIN}/reset-password?`)
  }

  it("a reset link sets a new password once: the old one stops working, sessions end, throttle cleared", async () => {
    const user = await account("reset")
    await db.prisma.session.createMany({
      data: [1, 2].map((i) => ({ sessionToken: `${user.id}-${i}`, userId: user.id, expires: new Date(Date.now() + 86400_000) })),
    })
    // Six sign-in attempts on the address: the sixth is over the limit.
    for (let i = 0; i < 5; i++) await rateLimit.consume("credentials-identifier", user.email)
    expect((await rateLimit.consume("credentials-identifier", user.email)).allowed).toBe(false)

    const token = new URL(await resetLink(user.email)).searchParams.get("token")
    expect(await resetTokenEmail(db.prisma, token)).toBe(user.email)
    // The database holds only a hash of the token.
    expect(await db.prisma.verificationToken.count({ where: { token: token! } })).toBe(0)

    const weak = await resetPassword(db.prisma, { token, password: "password", rateLimit })
    expect(weak).toEqual({ ok: false, reason: "password", message: expect.stringMatching(/at least 8|too common/) })
    // A refused password leaves the link usable.
    expect(await resetTokenEmail(db.prisma, token)).toBe(user.email)

    const done = await resetPassword(db.prisma, { token, password: "second-password-9734", rateLimit })
    expect(done).toEqual({ ok: true, email: user.email, userId: user.id, sessionsEnded: 2 })
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    // jwt sessions end through the library's revocation once the reset has committed, never by a write
    // of the app's own (the caller's sessions.revokeAll: tests/integration/auth/revoke-user-sessions.test.ts).
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).sessionsValidSince).toBeNull()
    expect((await rateLimit.consume("credentials-identifier", user.email)).allowed).toBe(true)
    expect(await verifyCredentials(db.prisma, user.email, user.password)).toBeNull()
    expect(await verifyCredentials(db.prisma, user.email, "second-password-9734")).toMatchObject({ id: user.id })

    expect(await resetPassword(db.prisma, { token, password: "third-password-5519", rateLimit })).toEqual({ ok: false, reason: "invalid-link" })
  })

  it("an unknown address gets the same answer and no mail; a malformed one a format message", async () => {
    const unknown = await requestPasswordReset(db.prisma, { email: "nobody@example.test", origin: ORIGIN, client: client(), rateLimit })
    expect(unknown).toMatchObject({ ok: true })
    await unknown.sent
    expect(smtp.mails).toEqual([])
    expect(await db.prisma.verificationToken.count({ where: { identifier: { contains: "nobody" } } })).toBe(0)

    const malformed = await requestPasswordReset(db.prisma, { email: "a@b@c", origin: ORIGIN, client: client(), rateLimit })
    expect(malformed).toEqual({ ok: false, message: "Enter a valid email address." })
  })

  it("a newer link replaces the older one, and links expire after an hour", async () => {
    const user = await account("newer")
    const first = new URL(await resetLink(user.email)).searchParams.get("token")
    const second = new URL(await resetLink(user.email)).searchParams.get("token")
    expect(await resetTokenEmail(db.prisma, first)).toBeNull()
    expect(await resetTokenEmail(db.prisma, second)).toBe(user.email)
    const row = await db.prisma.verificationToken.findFirst({ where: { identifier: `password-reset:${user.email}` } })
    expect(Math.abs(row!.expires.getTime() - (Date.now() + 3600_000))).toBeLessThan(60_000)
    await db.prisma.verificationToken.updateMany({ where: { identifier: `password-reset:${user.email}` }, data: { expires: new Date(Date.now() - 1000) } })
    expect(await resetPassword(db.prisma, { token: second, password: "second-password-9734", rateLimit })).toEqual({ ok: false, reason: "invalid-link" })
  })

  it("the fourth request for one address within 15 minutes sends nothing, with the same answer", async () => {
    const user = await account("limited")
    const answers = []
    for (let i = 0; i < 4; i++) {
      const result = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: client(), rateLimit })
      await result.sent
      answers.push({ ok: result.ok })
    }
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }])
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(user.email))).toHaveLength(3)
  })

  it("a verification mail confirms the address once; a reset token is not a verification token", async () => {
    const user = await account("verify")
    expect(await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN })).toBe("sent")
    const mail = await smtp.waitFor(user.email)
    expect(mail.subject).toContain("Confirm your email address for Auth Starter")
    const token = new URL(linkIn(mail, `${ORIGIN}/verify-email?`)).searchParams.get("token")

    const resetToken = new URL(await resetLink(user.email)).searchParams.get("token")
    expect(await confirmEmailAddress(db.prisma, resetToken, user.id)).toBe("invalid")
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.emailVerified).toBeNull()

    // Outside the account (no session, or another user's) the link verifies nothing and stays usable.
    expect(await confirmEmailAddress(db.prisma, token, null)).toBe("sign-in-needed")
    expect(await confirmEmailAddress(db.prisma, token, "someone-else")).toBe("sign-in-needed")
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.emailVerified).toBeNull()
    expect(await confirmEmailAddress(db.prisma, token, user.id)).toBe("confirmed")
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.emailVerified).toBeInstanceOf(Date)
    expect(await confirmEmailAddress(db.prisma, token, user.id)).toBe("invalid")
    expect(await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN, counted: { client: client(), rateLimit } })).toBe("already-verified")
  })

  it("SMTP refusing: the verification send throws (the caller reports it), nothing blocks the next try", async () => {
    const user = await account("refused")
    smtp.beforeAccept = () => {
      throw new Error("no")
    }
    await expect(sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN })).rejects.toThrow()
    smtp.beforeAccept = undefined
    expect(await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN })).toBe("sent")
    await smtp.waitFor(user.email)
  })

  it("the mails name the product from APP_NAME, never the host standing in for it", async () => {
    const saved = process.env.APP_NAME
    process.env.APP_NAME = "Acme Books"
    try {
      const user = await account("named")
      expect(await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN })).toBe("sent")
      const verify = await smtp.waitFor(user.email)
      expect(verify.subject).toBe("Confirm your email address for Acme Books (link valid for 24 hours)")
      expect(verify.text).toContain("your new Acme Books account")
      expect(verify.html).toContain("Acme Books")
      smtp.mails.length = 0
      const reset = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: client(), rateLimit })
      await (reset as { sent: Promise<unknown> }).sent
      const resetMail = await smtp.waitFor(user.email)
      expect(resetMail.subject).toBe("Reset your password for Acme Books (link valid for 1 hour)")
      expect(resetMail.text).toContain("your Acme Books account")
      // The host is only in the links now.
      for (const mail of [verify, resetMail]) expect(mail.text.replaceAll(`${ORIGIN}/`, "")).not.toContain("localhost")
    } finally {
      if (saved === undefined) delete process.env.APP_NAME
      else process.env.APP_NAME = saved
    }
  })
})
