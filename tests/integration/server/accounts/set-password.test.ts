/**
 * "Set a password" for accounts without one, against a real database and a
 * real SMTP server: the link mailed from Settings sets the password once,
 * expires after an hour, is refused for accounts that have a password, and
 * nothing is stored until a password that passes the sign-up rules is chosen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { requestPasswordReset, resetPassword } from "@/server/accounts/password-reset"
import { requestSetPasswordMail, setPasswordFromLink, setPasswordTokenEmail } from "@/server/accounts/set-password"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const ORIGIN = "http://app.localhost:3000"
const PASSWORD = "chosen-password-7351"

describe("set a password through a mailed link", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  const saved = { server: process.env.EMAIL_SERVER, nodeEnv: process.env.NODE_ENV }
  let clientCounter = 0
  const client = () => `203.0.113.${++clientCounter}`
  const rateLimit = new RateLimiter({ rules: accountRateLimitRules })

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
    process.env.EMAIL_SERVER = `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`
  })
  afterAll(async () => {
    if (saved.server === undefined) delete process.env.EMAIL_SERVER
    else process.env.EMAIL_SERVER = saved.server
    await smtp.close()
    await db.cleanup()
  })
  beforeEach(() => {
    smtp.mails.length = 0
  })

  /** A user who signs in with a passkey only: an Authenticator row, no password. */
  async function passkeyOnlyUser(label: string) {
    const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.test`
    const user = await db.prisma.user.create({ data: { email, name: label } })
    await db.prisma.authenticator.create({
      data: {
        credentialID: `cred-${user.id}`,
        userId: user.id,
        providerAccountId: `cred-${user.id}`,
        credentialPublicKey: "pk",
        counter: 0,
        credentialDeviceType: "multiDevice",
        credentialBackedUp: true,
      },
    })
    return { id: user.id, email }
  }

  async function setPasswordLink(userId: string, email: string): Promise<string> {
    expect(await requestSetPasswordMail(db.prisma, { userId, origin: ORIGIN, client: client(), rateLimit })).toBe("sent")
    const mail = await smtp.waitFor(email)
    expect(mail.subject).toBe("Set a password for Auth Starter (link valid for 1 hour)")
    return new URL(linkIn(mail, `${ORIGIN}/set-password?`)).searchParams.get("token")!
  }

  it("the link sets the password once, after a refused weak one; used in the account's own browser, sessions stay and the address counts as verified", async () => {
    const user = await passkeyOnlyUser("first")
    await db.prisma.session.create({ data: { sessionToken: `s-${user.id}`, userId: user.id, expires: new Date(Date.now() + 86400_000) } })
    const token = await setPasswordLink(user.id, user.email)
    // Asking stores nothing but a hash of the token.
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.passwordHash).toBeNull()
    expect(await db.prisma.verificationToken.count({ where: { token } })).toBe(0)
    expect(await setPasswordTokenEmail(db.prisma, token)).toBe(user.email)

    const weak = await setPasswordFromLink(db.prisma, { token, password: "password" })
    expect(weak).toEqual({ ok: false, reason: "password", message: expect.stringMatching(/at least 8|too common/) })
    expect(await setPasswordTokenEmail(db.prisma, token)).toBe(user.email)

    expect(await setPasswordFromLink(db.prisma, { token, password: PASSWORD, signedInUserId: user.id })).toEqual({
      ok: true,
      email: user.email,
      userId: user.id,
      tookBack: false,
    })
    expect(await verifyCredentials(db.prisma, user.email, PASSWORD)).toMatchObject({ id: user.id })
    const after = await db.prisma.user.findUnique({ where: { id: user.id } })
    expect(after?.emailVerified).toBeInstanceOf(Date)
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(1)

    // Single use: the same link again changes nothing.
    expect(await setPasswordFromLink(db.prisma, { token, password: "another-password-2290" })).toEqual({ ok: false, reason: "invalid-link" })
    expect(await verifyCredentials(db.prisma, user.email, PASSWORD)).toMatchObject({ id: user.id })
  })

  it("on a never-verified address, the link used outside the account takes it back: the passkey and sessions go", async () => {
    // An attacker's passkey sign-up with the victim's address asks for a password link; the victim uses it.
    const user = await passkeyOnlyUser("claimed")
    await db.prisma.session.create({ data: { sessionToken: `s-${user.id}`, userId: user.id, expires: new Date(Date.now() + 86400_000) } })
    const token = await setPasswordLink(user.id, user.email)
    expect(await setPasswordFromLink(db.prisma, { token, password: PASSWORD, signedInUserId: null })).toMatchObject({ ok: true, tookBack: true })
    expect(await db.prisma.authenticator.count({ where: { userId: user.id } })).toBe(0)
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    const after = await db.prisma.user.findUnique({ where: { id: user.id } })
    // The jwt sessions end through the library once this has committed (the caller's sessions.revokeAll).
    expect(after?.sessionsValidSince).toBeNull()
    expect(after?.emailVerified).toBeInstanceOf(Date)
    expect(await verifyCredentials(db.prisma, user.email, PASSWORD)).toMatchObject({ id: user.id })
  })

  it("two submissions of one link at once: exactly one sets the password", async () => {
    const user = await passkeyOnlyUser("race")
    const token = await setPasswordLink(user.id, user.email)
    const results = await Promise.all([
      setPasswordFromLink(db.prisma, { token, password: "racing-password-one-11" }),
      setPasswordFromLink(db.prisma, { token, password: "racing-password-two-22" }),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const winner = results[0].ok ? "racing-password-one-11" : "racing-password-two-22"
    expect(await verifyCredentials(db.prisma, user.email, winner)).toMatchObject({ id: user.id })
  })

  it("an expired link sets nothing, and a newer link replaces the older one", async () => {
    const user = await passkeyOnlyUser("expired")
    const first = await setPasswordLink(user.id, user.email)
    const second = await setPasswordLink(user.id, user.email)
    expect(await setPasswordTokenEmail(db.prisma, first)).toBeNull()
    const identifier = `set-password:${user.email}`
    const row = await db.prisma.verificationToken.findFirst({ where: { identifier } })
    expect(Math.abs(row!.expires.getTime() - (Date.now() + 3600_000))).toBeLessThan(60_000)

    await db.prisma.verificationToken.updateMany({ where: { identifier }, data: { expires: new Date(Date.now() - 1000) } })
    expect(await setPasswordTokenEmail(db.prisma, second)).toBeNull()
    expect(await setPasswordFromLink(db.prisma, { token: second, password: PASSWORD })).toEqual({ ok: false, reason: "invalid-link" })
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.passwordHash).toBeNull()
  })

  it("a reset token is not a set-password token, and a set-password token is not a reset token", async () => {
    const user = await passkeyOnlyUser("purpose")
    const reset = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: client(), rateLimit })
    await reset.sent
    const resetToken = new URL(linkIn(await smtp.waitFor(user.email), `${ORIGIN}/reset-password?`)).searchParams.get("token")
    expect(await setPasswordFromLink(db.prisma, { token: resetToken, password: PASSWORD })).toEqual({ ok: false, reason: "invalid-link" })
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.passwordHash).toBeNull()
    const setToken = await setPasswordLink(user.id, user.email)
    expect(await resetPassword(db.prisma, { token: setToken, password: PASSWORD, rateLimit })).toEqual({ ok: false, reason: "invalid-link" })
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.passwordHash).toBeNull()
  })

  it("accounts with a password or without an address get no mail", async () => {
    const withPassword = await signUp(db.prisma, { email: `has-${Date.now()}@example.test`, name: "Has", password: "existing-password-5512" })
    if (!withPassword.ok) throw new Error(withPassword.message)
    expect(await requestSetPasswordMail(db.prisma, { userId: withPassword.user.id, origin: ORIGIN, client: client(), rateLimit })).toBe("has-password")
    const noEmail = await db.prisma.user.create({ data: { name: "No address" } })
    expect(await requestSetPasswordMail(db.prisma, { userId: noEmail.id, origin: ORIGIN, client: client(), rateLimit })).toBe("no-email")
    expect(smtp.mails).toEqual([])
  })

  it("a link for an account that got a password meanwhile (a reset) does not overwrite it", async () => {
    const user = await passkeyOnlyUser("meanwhile")
    const token = await setPasswordLink(user.id, user.email)
    await db.prisma.user.update({ where: { id: user.id }, data: { passwordHash: "scrypt$placeholder" } })
    expect(await setPasswordFromLink(db.prisma, { token, password: PASSWORD })).toEqual({ ok: false, reason: "has-password" })
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.passwordHash).toBe("scrypt$placeholder")
    expect(await setPasswordTokenEmail(db.prisma, token)).toBeNull()
  })

  it("the fourth request within 15 minutes sends nothing (the password-reset mail rules)", async () => {
    const user = await passkeyOnlyUser("limited")
    const outcomes = []
    for (let i = 0; i < 4; i++) outcomes.push(await requestSetPasswordMail(db.prisma, { userId: user.id, origin: ORIGIN, client: client(), rateLimit }))
    expect(outcomes).toEqual(["sent", "sent", "sent", "limited"])
    await smtp.waitFor(user.email)
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(user.email))).toHaveLength(3)
  })

  it("production without EMAIL_SERVER: nothing is counted, stored or sent", async () => {
    const user = await passkeyOnlyUser("nomail")
    process.env.EMAIL_SERVER = ""
    ;(process.env as Record<string, string>).NODE_ENV = "production"
    try {
      expect(await requestSetPasswordMail(db.prisma, { userId: user.id, origin: ORIGIN, client: client(), rateLimit })).toBe("mail-off")
    } finally {
      process.env.EMAIL_SERVER = `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`
      ;(process.env as Record<string, string | undefined>).NODE_ENV = saved.nodeEnv
    }
    expect(await db.prisma.verificationToken.count({ where: { identifier: `set-password:${user.email}` } })).toBe(0)
  })
})
