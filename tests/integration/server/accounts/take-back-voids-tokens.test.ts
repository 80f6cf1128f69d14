/**
 * A take-back voids every outstanding token of the account,
 * on a real SQLite file and the real PostgreSQL, with a real SMTP server.
 *
 * 1. One token of EVERY kind server/accounts/token-kinds.ts registers is
 *    issued for an account through that kind's own issuer, the account is
 *    taken back, and each token is then tried the way its link would be:
 *    none works. The same tokens on an account not taken back all work, so
 *    the checks can fail. `probes` is typed by the registry's kind union: a
 *    new kind does not compile (nor pass) until it has a probe here.
 * 2. The attack, replayed through the app's server functions and the
 *    library's handler: the attacker signs up with the victim's unverified
 *    address, asks for a change of address to their own mailbox and keeps the
 *    confirmation link; the owner takes the account back by each of a reset,
 *    a set-password link, a magic link and "This wasn't me"; the attacker's
 *    link, opened signed out, is void, and so is the cancel link.
 */
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { beginTwoFactorSetup, confirmTwoFactorSetup, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { normalizeEmailAddress } from "@/lib/auth/email/normalize"
import { consumeVerificationToken, randomToken, storeVerificationToken } from "@/lib/auth/email/verification-token"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { issueAccountToken, peekAccountToken } from "@/server/accounts/account-tokens"
import {
  cancelEmailChange,
  confirmEmailChange,
  peekEmailChange,
  peekEmailChangeCancel,
  requestEmailChange,
} from "@/server/accounts/email-change"
import { issueEmailChangeToken, peekEmailChangeToken } from "@/server/accounts/email-change-tokens"
import { confirmEmailAddress, disownSignUp, sendVerificationMail } from "@/server/accounts/email-verification"
import { requestPasswordReset, resetPassword } from "@/server/accounts/password-reset"
import { issuePasswordRevokeToken, readPasswordRevokeToken } from "@/server/accounts/password-revoke-tokens"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { requestSetPasswordMail, setPasswordFromLink } from "@/server/accounts/set-password"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { removeCredentials } from "@/server/accounts/take-back"
import { type AccountTokenKind, accountTokenKinds } from "@/server/accounts/token-kinds"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, type ReceivedMail, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, ORIGIN, SECRET } from "../../auth/support"

vi.setConfig({ testTimeout: 120_000 })

const PASSWORD = "attacker passphrase 4410"
const OWNER_PASSWORD = "owner passphrase 7731"
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`a take-back voids every outstanding token of the account (${provider})`, () => {
    let db: TestDatabase
    let smtp: TestSmtpServer
    let config: AuthConfig
    let saved: string | undefined
    let n = 0
    const rateLimit = () => new RateLimiter({ rules: accountRateLimitRules })
    const unique = (label: string) => `${label}-${provider}-${++n}@example.test`

    beforeAll(async () => {
      db = await createTestDatabase(provider)
      smtp = await startSmtpServer()
      saved = process.env.EMAIL_SERVER
      process.env.EMAIL_SERVER = `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`
      config = {
        secret: SECRET,
        trustHost: true,
        rateLimit: false,
        basePath: BASE,
        adapter: { ...PrismaAdapter(db.prisma), removeCredentials: (userId) => removeCredentials(db.prisma, userId) },
        session: { strategy: "database" },
        providers: [
          Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) }),
          Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" }),
        ],
      }
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

    /** The next mail to `address` whose subject contains `subject`, others passed over. */
    async function mailWith(address: string, subject: string): Promise<ReceivedMail> {
      for (;;) {
        const mail = await smtp.waitFor(address)
        if (mail.subject.includes(subject)) return mail
      }
    }

    async function signedUp(email: string, password = PASSWORD) {
      const result = await signUp(db.prisma, { email, name: "Someone", password })
      if (!result.ok) throw new Error(result.message)
      return result.user
    }

    describe("one token of every registered kind", () => {
      interface Holder {
        id: string
        email: string
      }
      /** Issues one token of the kind for the holder through its own issuer; resolves to "does it still work?". */
      type Probe = (holder: Holder) => Promise<() => Promise<boolean>>

      const secrets = [SECRET]
      const probes: Record<AccountTokenKind, Probe> = {
        "magic-link": async ({ email }) => {
          const adapter = PrismaAdapter(db.prisma)
          const identifier = normalizeEmailAddress(email)
          const token = randomToken()
          await storeVerificationToken(adapter, { identifier, token, expires: new Date(Date.now() + 600_000), secrets })
          return async () => (await consumeVerificationToken(adapter, { identifier, token, secrets })) !== null
        },
        "password-reset": async ({ email }) => {
          const token = await issueAccountToken(db.prisma, "password-reset", email)
          return async () => (await peekAccountToken(db.prisma, "password-reset", token)) !== null
        },
        "set-password": async ({ email }) => {
          const token = await issueAccountToken(db.prisma, "set-password", email)
          return async () => (await peekAccountToken(db.prisma, "set-password", token)) !== null
        },
        "verify-email": async ({ email }) => {
          const token = await issueAccountToken(db.prisma, "verify-email", email)
          return async () => (await peekAccountToken(db.prisma, "verify-email", token)) !== null
        },
        "email-change": async ({ id, email }) => {
          const token = await issueEmailChangeToken(db.prisma, "email-change", { userId: id, oldEmail: email, newEmail: unique("elsewhere") })
          return async () => (await peekEmailChangeToken(db.prisma, "email-change", token)) !== null
        },
        "email-change-cancel": async ({ id, email }) => {
          const token = await issueEmailChangeToken(db.prisma, "email-change-cancel", { userId: id, oldEmail: email, newEmail: unique("elsewhere") })
          return async () => (await peekEmailChangeToken(db.prisma, "email-change-cancel", token)) !== null
        },
        "password-revoke": async ({ id }) => {
          const token = (await issuePasswordRevokeToken(db.prisma, id))!
          return async () => (await readPasswordRevokeToken(db.prisma, token)).status === "valid"
        },
        "two-factor-pending": async ({ id, email }) => {
          // Two-factor on, and a browser past the password step holding the pending cookie.
          const setup = await beginTwoFactorSetup(config, { id, email })
          const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate()
          const { recoveryCodes } = await confirmTwoFactorSetup(config, id, setup.sealedSecret, code)
          const browser = new Browser(config)
          expect((await browser.signInWithCredentials({ email, password: PASSWORD })).headers.get("location")).toContain(`${BASE}/two-factor`)
          expect(browser.jar.has("authjs.two-factor")).toBe(true)
          return async () => {
            const csrfToken = await browser.csrfToken()
            await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code: recoveryCodes[0]! } })
            const session = (await (await browser.send(`${BASE}/session`)).json()) as { user?: unknown } | null
            return Boolean(session?.user)
          }
        },
      }

      async function issueAll(holder: Holder) {
        return Promise.all(accountTokenKinds.map(async (kind) => [kind, await probes[kind](holder)] as const))
      }

      it("every kind has a probe", () => {
        expect(Object.keys(probes).sort()).toEqual([...accountTokenKinds].sort())
      })

      it("after a take-back none works; on an account not taken back every one does", async () => {
        const taken = await signedUp(unique("taken"))
        const kept = await signedUp(unique("kept"))
        const takenTokens = await issueAll(taken)
        const keptTokens = await issueAll(kept)

        await removeCredentials(db.prisma, taken.id)

        const after = Object.fromEntries(await Promise.all(takenTokens.map(async ([kind, works]) => [kind, await works()] as const)))
        expect(after).toEqual(Object.fromEntries(accountTokenKinds.map((kind) => [kind, false])))
        const control = Object.fromEntries(await Promise.all(keptTokens.map(async ([kind, works]) => [kind, await works()] as const)))
        expect(control).toEqual(Object.fromEntries(accountTokenKinds.map((kind) => [kind, true])))
        // Nothing of the account's is left in the table; the other account's rows were not touched by the take-back.
        expect(await db.prisma.verificationToken.count({ where: { identifier: { contains: taken.email } } })).toBe(0)
      })
    })

    describe("the attack: a change of address asked for before the owner takes the account back", () => {
      /**
       * The attacker's account on the victim's address, a change of address to
       * the attacker's mailbox asked for, and the two links it mailed: the
       * confirmation (attacker's mailbox) and the cancel link (victim's).
       */
      async function attackerAsksForChange(options: { withPassword: boolean }) {
        const victim = unique("victim")
        const attacker = unique("attacker")
        const userId = options.withPassword
          ? (await signedUp(victim)).id
          : // A passkey (or OAuth) sign-up: an account with the address and no password.
            (await db.prisma.user.create({ data: { email: victim, name: "Someone" } })).id
        const asked = await requestEmailChange(db.prisma, { userId, newEmail: attacker, origin: ORIGIN, rateLimit: rateLimit() })
        if (!asked.ok) throw new Error(asked.reason)
        await asked.sent
        const confirm = tokenOf(linkIn(await mailWith(attacker, "Confirm your new email address"), `${ORIGIN}/confirm-email?`))
        const cancel = tokenOf(linkIn(await mailWith(victim, "A change of your email address was requested"), `${ORIGIN}/cancel-email-change?`))
        // Until the take-back the link would work.
        expect(await peekEmailChange(db.prisma, confirm)).toEqual({ userId, newEmail: attacker, oldEmail: victim })
        return { victim, attacker, userId, confirm, cancel }
      }

      /** The attacker, signed in to nothing, follows the kept link: the page shows no form, the POST changes nothing. */
      async function expectTheLinksVoid(attack: Awaited<ReturnType<typeof attackerAsksForChange>>) {
        expect(await peekEmailChange(db.prisma, attack.confirm)).toBeNull()
        expect(await confirmEmailChange(db.prisma, { token: attack.confirm, signedInUserId: null })).toEqual({ ok: false, reason: "invalid" })
        const user = await db.prisma.user.findUniqueOrThrow({ where: { id: attack.userId } })
        expect(user.email).toBe(attack.victim)
        expect(await db.prisma.user.count({ where: { email: attack.attacker } })).toBe(0)
        // The cancel link is void too.
        expect(await peekEmailChangeCancel(db.prisma, attack.cancel)).toBeNull()
        expect(await cancelEmailChange(db.prisma, attack.cancel)).toEqual({ ok: false, reason: "invalid" })
        // A reset through the attacker's mailbox reaches no account.
        const reset = await requestPasswordReset(db.prisma, { email: attack.attacker, origin: ORIGIN, client: "203.0.113.50", rateLimit: rateLimit() })
        await (reset as { sent?: Promise<void> }).sent
        expect(smtp.mails.filter((mail) => mail.envelopeTo.includes(attack.attacker) && mail.subject.includes("Reset"))).toEqual([])
        expect(await db.prisma.verificationToken.count({ where: { identifier: { contains: attack.attacker } } })).toBe(0)
      }

      it("the owner's password reset voids the attacker's confirmation and cancel links", async () => {
        const attack = await attackerAsksForChange({ withPassword: true })
        const asked = await requestPasswordReset(db.prisma, { email: attack.victim, origin: ORIGIN, client: "198.51.100.10", rateLimit: rateLimit() })
        await (asked as { sent?: Promise<void> }).sent
        const token = tokenOf(linkIn(await mailWith(attack.victim, "Reset your password"), `${ORIGIN}/reset-password?`))
        expect(await resetPassword(db.prisma, { token, password: OWNER_PASSWORD, rateLimit: rateLimit() })).toMatchObject({ ok: true, userId: attack.userId })
        await expectTheLinksVoid(attack)
        expect(await verifyCredentials(db.prisma, attack.victim, OWNER_PASSWORD)).toMatchObject({ id: attack.userId })
      })

      it("the owner's set-password link voids them", async () => {
        const attack = await attackerAsksForChange({ withPassword: false })
        // The attacker, signed in, asked Settings for a set-password link: it went to the victim's mailbox.
        expect(await requestSetPasswordMail(db.prisma, { userId: attack.userId, origin: ORIGIN, client: "203.0.113.51", rateLimit: rateLimit() })).toBe("sent")
        const token = tokenOf(linkIn(await mailWith(attack.victim, "Set a password"), `${ORIGIN}/set-password?`))
        expect(await setPasswordFromLink(db.prisma, { token, password: OWNER_PASSWORD, signedInUserId: null })).toMatchObject({ ok: true, tookBack: true })
        await expectTheLinksVoid(attack)
      })

      it("the owner's magic link voids them", async () => {
        const attack = await attackerAsksForChange({ withPassword: true })
        const owner = new Browser(config)
        const csrfToken = await owner.csrfToken()
        const asked = await owner.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: attack.victim, callbackUrl: "/dashboard" } })
        expect(asked.status).toBe(302)
        const link = linkIn(await mailWith(attack.victim, "Sign in"), `${ORIGIN}${BASE}/callback/nodemailer?`)
        expect((await owner.send(link)).status).toBe(302)
        const session = (await (await owner.send(`${BASE}/session`)).json()) as { user?: { email?: string } } | null
        expect(session?.user?.email).toBe(attack.victim)
        await expectTheLinksVoid(attack)
      })

      it("'This wasn't me' on the sign-up's verification link voids them", async () => {
        const attack = await attackerAsksForChange({ withPassword: true })
        expect(await sendVerificationMail(db.prisma, { userId: attack.userId, origin: ORIGIN })).toBe("sent")
        const token = tokenOf(linkIn(await mailWith(attack.victim, "Confirm your email address"), `${ORIGIN}/verify-email?`))
        expect(await confirmEmailAddress(db.prisma, token, null)).toBe("sign-in-needed")
        expect(await disownSignUp(db.prisma, token)).toBe(attack.userId)
        await expectTheLinksVoid(attack)
      })

      it("a reset of a verified account voids a change of address asked for from a hijacked session", async () => {
        const attack = await attackerAsksForChange({ withPassword: true })
        // The owner had proven the address: the reset is no take-back, yet the attacker's link must not outlive it.
        await db.prisma.user.update({ where: { id: attack.userId }, data: { emailVerified: new Date() } })
        const asked = await requestPasswordReset(db.prisma, { email: attack.victim, origin: ORIGIN, client: "198.51.100.12", rateLimit: rateLimit() })
        await (asked as { sent?: Promise<void> }).sent
        const token = tokenOf(linkIn(await mailWith(attack.victim, "Reset your password"), `${ORIGIN}/reset-password?`))
        expect(await resetPassword(db.prisma, { token, password: OWNER_PASSWORD, rateLimit: rateLimit() })).toMatchObject({ ok: true, userId: attack.userId })
        await expectTheLinksVoid(attack)
      })

      it("without a take-back the same link still works (the replay can fail)", async () => {
        const attack = await attackerAsksForChange({ withPassword: true })
        expect(await confirmEmailChange(db.prisma, { token: attack.confirm, signedInUserId: null })).toMatchObject({ ok: true })
        expect((await db.prisma.user.findUniqueOrThrow({ where: { id: attack.userId } })).email).toBe(attack.attacker)
      })
    })
  })
}
