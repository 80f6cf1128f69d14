/**
 * Pre-account takeover, as the attacker plays it: they sign up first with
 * the victim's address (password, then a passkey and a linked account on
 * the same unverified account, and a session), and the victim later proves
 * the mailbox. Real SQLite, real SMTP capture; the mailed links are used.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { confirmEmailAddress, disownSignUp, sendVerificationMail } from "@/server/accounts/email-verification"
import { requestPasswordReset, resetPassword } from "@/server/accounts/password-reset"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const ORIGIN = "http://app.localhost:3000"
const ATTACKER_PASSWORD = "attacker-password-9182"

describe("pre-account takeover", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let saved: string | undefined
  let n = 0
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

  /** The attacker's account on the victim's address, with every kind of credential and a session. */
  async function attackerAccount() {
    const email = `victim-${++n}@example.test`
    const result = await signUp(db.prisma, { email, name: "Attacker", password: ATTACKER_PASSWORD })
    if (!result.ok) throw new Error(result.message)
    const userId = result.user.id
    await db.prisma.authenticator.create({
      data: {
        credentialID: `cred-${n}`, userId, providerAccountId: `cred-${n}`, credentialPublicKey: "pk", counter: 0,
        credentialDeviceType: "singleDevice", credentialBackedUp: false,
      },
    })
    await db.prisma.account.create({ data: { userId, type: "oidc", provider: "oidc", providerAccountId: `unverified-${n}` } })
    await db.prisma.session.create({ data: { sessionToken: `attacker-${n}`, userId, expires: new Date(Date.now() + 86400_000) } })
    return { email, userId }
  }

  async function credentialsLeft(userId: string) {
    const [accounts, passkeys, sessions, user] = await Promise.all([
      db.prisma.account.count({ where: { userId } }),
      db.prisma.authenticator.count({ where: { userId } }),
      db.prisma.session.count({ where: { userId } }),
      db.prisma.user.findUnique({ where: { id: userId } }),
    ])
    return { accounts, passkeys, sessions, user }
  }

  it("the victim's password reset removes the attacker's password, passkey, linked account and sessions (jwt too)", async () => {
    const { email, userId } = await attackerAccount()
    const request = await requestPasswordReset(db.prisma, { email, origin: ORIGIN, client: "198.51.100.1", rateLimit })
    await request.sent
    const token = new URL(linkIn(await smtp.waitFor(email), `${ORIGIN}/reset-password?`)).searchParams.get("token")
    const result = await resetPassword(db.prisma, { token, password: "victim-new-password-5521", rateLimit })
    expect(result).toMatchObject({ ok: true, userId })

    expect(await verifyCredentials(db.prisma, email, ATTACKER_PASSWORD)).toBeNull()
    expect(await verifyCredentials(db.prisma, email, "victim-new-password-5521")).toMatchObject({ id: userId })
    const left = await credentialsLeft(userId)
    expect(left).toMatchObject({ accounts: 0, passkeys: 0, sessions: 0 })
    expect(left.user?.emailVerified).toBeInstanceOf(Date)
    // jwt sessions end through the library once this has committed (the caller's sessions.revokeAll;
    // tests/integration/auth/revoke-user-sessions.test.ts), never by a write of the app's own.
    expect(left.user!.sessionsValidSince).toBeNull()
  })

  it("a reset on an already verified account keeps its passkeys and linked accounts", async () => {
    const { email, userId } = await attackerAccount()
    await db.prisma.user.update({ where: { id: userId }, data: { emailVerified: new Date() } })
    const request = await requestPasswordReset(db.prisma, { email, origin: ORIGIN, client: "198.51.100.2", rateLimit })
    await request.sent
    const token = new URL(linkIn(await smtp.waitFor(email), `${ORIGIN}/reset-password?`)).searchParams.get("token")
    expect(await resetPassword(db.prisma, { token, password: "owner-new-password-5521", rateLimit })).toMatchObject({ ok: true })
    expect(await credentialsLeft(userId)).toMatchObject({ accounts: 1, passkeys: 1, sessions: 0 })
  })

  it("the sign-up verification link opened outside the account verifies nothing; 'this wasn't me' strips the account", async () => {
    const { email, userId } = await attackerAccount()
    expect(await sendVerificationMail(db.prisma, { userId, origin: ORIGIN })).toBe("sent")
    const token = new URL(linkIn(await smtp.waitFor(email), `${ORIGIN}/verify-email?`)).searchParams.get("token")

    // The victim, not signed in, opens the mail the attacker's sign-up sent them.
    expect(await confirmEmailAddress(db.prisma, token, null)).toBe("sign-in-needed")
    expect((await credentialsLeft(userId)).user?.emailVerified).toBeNull()
    expect(await disownSignUp(db.prisma, token)).toBe(userId)

    expect(await verifyCredentials(db.prisma, email, ATTACKER_PASSWORD)).toBeNull()
    const left = await credentialsLeft(userId)
    expect(left).toMatchObject({ accounts: 0, passkeys: 0, sessions: 0 })
    expect(left.user).toMatchObject({ passwordHash: null, emailVerified: null, sessionsValidSince: null })
    // The link is used up: a second "not me" (or a confirm) does nothing.
    expect(await disownSignUp(db.prisma, token)).toBeNull()
    expect(await confirmEmailAddress(db.prisma, token, userId)).toBe("invalid")
  })
})
