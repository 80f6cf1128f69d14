/**
 * The starter's own mails over an HTTP mail API: with one AUTH_<SERVICE>_KEY
 * (and no EMAIL_SERVER), the sign-in link, the password reset and the address
 * verification all leave through that service (one way for every mail),
 * checked by the service's local stand-in. A documented error answer makes
 * the send fail with MailDeliveryError, leaves no new link, keeps the link
 * mailed before working, and a retry succeeds.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { MailDeliveryError } from "@/lib/auth/errors"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { emailSignInProviders } from "@/server/accounts/email-provider"
import { confirmEmailAddress, sendVerificationMail } from "@/server/accounts/email-verification"
import { requestPasswordReset, resetPassword, resetTokenEmail } from "@/server/accounts/password-reset"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { signUp } from "@/server/accounts/users"
import { mailMode } from "@/server/mail/deliver"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { type DocumentedError, linkInMail, type MailApiStandIn, type StandInService, startMailApiStandIn } from "@/tests/helpers/mail-api-stand-in"
import { BASE, Browser, ORIGIN as AUTH_ORIGIN } from "../support"

const ORIGIN = "http://app.localhost:3000"
const FROM = "Auth Starter <no-reply@example.test>"
const SERVICES = ["resend", "postmark", "sendgrid", "mailgun"] as const satisfies readonly StandInService[]
const ERRORS: readonly DocumentedError[] = ["bad-key", "sender-not-allowed", "invalid", "rate-limited", "server-error"]
const KEYS = ["EMAIL_SERVER", "EMAIL_FROM", "NODE_ENV", "AUTH_URL", "AUTH_MAILGUN_DOMAIN", "AUTH_MAILGUN_REGION"].concat(
  SERVICES.flatMap((s) => [`AUTH_${s.toUpperCase()}_KEY`, `AUTH_${s.toUpperCase()}_API_URL`]),
)

describe.each(SERVICES)("the app's mails through %s", (service) => {
  let db: TestDatabase
  let stand: MailApiStandIn
  const env = envFor(KEYS)
  let clientCounter = 0
  const client = () => `198.51.100.${++clientCounter}`
  const rateLimit = new RateLimiter({ rules: accountRateLimitRules })

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    stand = await startMailApiStandIn(service)
  })
  afterAll(async () => {
    await stand.close()
    await db.cleanup()
  })
  beforeEach(() => {
    const upper = service.toUpperCase()
    env.set({
      ...Object.fromEntries(KEYS.map((key) => [key, undefined])),
      NODE_ENV: "test",
      EMAIL_FROM: FROM,
      [`AUTH_${upper}_KEY`]: stand.key,
      [`AUTH_${upper}_API_URL`]: stand.url,
      ...(service === "mailgun" ? { AUTH_MAILGUN_DOMAIN: stand.domain } : {}),
    })
  })
  afterEach(() => env.restore())

  async function account(label: string) {
    const email = `${label}-${service}-${Math.random().toString(36).slice(2, 8)}@example.test`
    const result = await signUp(db.prisma, { email, name: label, password: "first-password-4821" })
    if (!result.ok) throw new Error(result.message)
    return result.user
  }

  const rowsFor = (identifier: string) => db.prisma.verificationToken.count({ where: { identifier } })

  it("the key selects the service: mail mode api, and the sign-in link goes through it in the documented shape", async () => {
    expect(mailMode()).toBe("api")
    const browser = new Browser({
      secret: "account-mails-over-http-secret-0123456789",
      trustHost: true,
      rateLimit: false,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      providers: emailSignInProviders(),
    })
    const email = `link-${service}@example.test`
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email } })
    expect(res.headers.get("location")).toBe(`${AUTH_ORIGIN}${BASE}/verify-request?provider=nodemailer&type=email`)
    const mail = await stand.waitFor(email)
    expect(stand.malformed).toEqual([])
    expect(mail.from).toBe(FROM)
    expect(linkInMail(mail, `${AUTH_ORIGIN}${BASE}/callback/nodemailer?`)).toContain("token=")
  })

  it("a password reset is mailed through the service, and its link sets the new password", async () => {
    const user = await account("reset")
    const result = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: client(), rateLimit })
    await result.sent
    const mail = await stand.waitFor(user.email!)
    expect(stand.malformed).toEqual([])
    expect(mail.from).toBe(FROM)
    expect(mail.subject).toBe("Reset your password for Auth Starter (link valid for 1 hour)")
    const token = new URL(linkInMail(mail, `${ORIGIN}/reset-password?`)).searchParams.get("token")
    expect(await resetPassword(db.prisma, { token, password: "second-password-9734", rateLimit })).toMatchObject({ ok: true })
  })

  it.each(ERRORS)("the documented %s answer: the verification mail fails, no new link, the earlier link stays valid, a retry succeeds", async (kind) => {
    const user = await account(`verify-${kind}`)
    const identifier = `verify-email:${user.email}`
    expect(await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN })).toBe("sent")
    const earlier = new URL(linkInMail(await stand.waitFor(user.email!), `${ORIGIN}/verify-email?`)).searchParams.get("token")
    expect(await rowsFor(identifier)).toBe(1)

    stand.answerNext(kind)
    const failure = await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MailDeliveryError)
    expect((failure as MailDeliveryError).message).toMatch(/HTTP \d{3}/)
    expect((failure as MailDeliveryError).message).not.toContain(stand.key)
    // The failed request stored nothing that lasts, and voided nothing: the earlier link is still valid.
    expect(await rowsFor(identifier)).toBe(1)
    expect(await confirmEmailAddress(db.prisma, earlier, null)).toBe("sign-in-needed")

    expect(await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN })).toBe("sent")
    const retried = new URL(linkInMail(await stand.waitFor(user.email!), `${ORIGIN}/verify-email?`)).searchParams.get("token")
    expect(stand.malformed).toEqual([])
    // A mail that did leave voids the earlier link, as before: the newest one verifies.
    expect(await confirmEmailAddress(db.prisma, earlier, user.id)).toBe("invalid")
    expect(await confirmEmailAddress(db.prisma, retried, user.id)).toBe("confirmed")
  })

  it("a failed reset mail leaves the earlier reset link working and no new one", async () => {
    const user = await account("reset-fail")
    const first = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: client(), rateLimit })
    await first.sent
    const earlier = new URL(linkInMail(await stand.waitFor(user.email!), `${ORIGIN}/reset-password?`)).searchParams.get("token")

    stand.answerNext("server-error")
    const failed = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: client(), rateLimit })
    // The form's answer never depends on the mail (it is sent after the answer); the failure is logged.
    expect(failed).toMatchObject({ ok: true })
    await failed.sent
    expect(await db.prisma.verificationToken.count({ where: { identifier: `password-reset:${user.email}` } })).toBe(1)
    expect(await resetTokenEmail(db.prisma, earlier)).toBe(user.email)
  })

  it("the sending fails clearly when the key is wrong: unauthorized, and the key is not in the message", async () => {
    env.set({ [`AUTH_${service.toUpperCase()}_KEY`]: "wrong-key-value" })
    const user = await account("wrong-key")
    const failure = await sendVerificationMail(db.prisma, { userId: user.id, origin: ORIGIN }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MailDeliveryError)
    expect((failure as MailDeliveryError).reason).toBe("unauthorized")
    expect((failure as MailDeliveryError).message).not.toContain("wrong-key-value")
    expect(await rowsFor(`verify-email:${user.email}`)).toBe(0)
  })
})
