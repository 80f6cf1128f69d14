/**
 * Change of email address against a real SQLite file and the real PostgreSQL,
 * with a real SMTP server: the links are taken from the delivered mails. What
 * is asserted is what the requester, the owners of both mailboxes and an
 * attacker holding a link can see or do.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import {
  cancelEmailChange,
  confirmEmailChange,
  peekEmailChange,
  requestEmailChange,
  sendEmailChangedMails,
} from "@/server/accounts/email-change"
import { userPrefix } from "@/server/accounts/email-change-tokens"
import { requestPasswordReset, resetPassword } from "@/server/accounts/password-reset"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

vi.setConfig({ testTimeout: 120_000 })

const ORIGIN = "http://app.localhost:3000"
const PASSWORD = "email change passphrase 2026"
const SAME_ANSWER = { ok: true }

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`change of email address on ${provider}`, () => {
    let db: TestDatabase
    let smtp: TestSmtpServer
    let saved: string | undefined
    let counter = 0
    const rateLimit = () => new RateLimiter({ rules: accountRateLimitRules })
    const unique = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.test`

    beforeAll(async () => {
      db = await createTestDatabase(provider)
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

    async function account(label: string, email = unique(label)) {
      const result = await signUp(db.prisma, { email, name: label, password: PASSWORD })
      if (!result.ok) throw new Error(result.message)
      return result.user
    }

    /** Asks for the change; resolves once the mails are out. */
    async function ask(userId: string, newEmail: string, limiter = rateLimit()) {
      const result = await requestEmailChange(db.prisma, { userId, newEmail, origin: ORIGIN, rateLimit: limiter })
      if (result.ok) await result.sent
      return result
    }

    /** Asks for the change and returns the confirmation token from the mail to the new address. */
    async function changeToken(userId: string, newEmail: string): Promise<string> {
      expect(await ask(userId, newEmail)).toMatchObject({ ok: true, newEmail: newEmail.toLowerCase() })
      const mail = await smtp.waitFor(newEmail.toLowerCase())
      expect(mail.subject).toBe("Confirm your new email address for Auth Starter (link valid for 24 hours)")
      return tokenOf(linkIn(mail, `${ORIGIN}/confirm-email?`))
    }

    it("the new address confirms, the old one is told and can cancel; after the change the old address's links are dead and it is free", async () => {
      const user = await account("owner")
      const newEmail = unique("new")
      await db.prisma.session.createMany({
        data: [1, 2].map((i) => ({ sessionToken: `${user.id}-s${i}`, userId: user.id, expires: new Date(Date.now() + 86400_000) })),
      })
      // Links for the old address asked for before the change: a reset link (real mail) and a magic link's row.
      const reset = await requestPasswordReset(db.prisma, { email: user.email, origin: ORIGIN, client: "198.51.100.7", rateLimit: rateLimit() })
      await (reset as { sent?: Promise<void> }).sent
      const resetToken = tokenOf(linkIn(await smtp.waitFor(user.email), `${ORIGIN}/reset-password?`))
      await db.prisma.verificationToken.create({ data: { identifier: user.email, token: `magic-${user.id}`, expires: new Date(Date.now() + 86400_000) } })

      const token = await changeToken(user.id, newEmail)
      const notice = await smtp.waitFor(user.email)
      expect(notice.subject).toBe("A change of your email address was requested (Auth Starter)")
      expect(notice.text).toContain(newEmail)
      expect(notice.text).toContain(`${ORIGIN}/settings#security-activity`)
      expect(linkIn(notice, `${ORIGIN}/cancel-email-change?`)).toBeTruthy()
      // Only a hash is stored, under an identifier that names the user and both addresses.
      expect(await db.prisma.verificationToken.count({ where: { token } })).toBe(0)
      expect(await peekEmailChange(db.prisma, token)).toEqual({ userId: user.id, newEmail, oldEmail: user.email })
      // Asking changes nothing yet.
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)

      const done = await confirmEmailChange(db.prisma, { token, signedInUserId: null })
      expect(done).toEqual({ ok: true, binding: { userId: user.id, newEmail, oldEmail: user.email }, sessions: "all" })
      const after = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
      expect(after.email).toBe(newEmail)
      expect(after.emailVerified).not.toBeNull()
      // The jwt sessions end through the library once this has committed (the caller's sessions.revokeAll).
      expect(after.sessionsValidSince).toBeNull()
      expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)

      // Used once only.
      expect(await confirmEmailChange(db.prisma, { token, signedInUserId: null })).toEqual({ ok: false, reason: "invalid" })
      // The old address's links are dead: the reset link and the magic link's row.
      expect(await resetPassword(db.prisma, { token: resetToken, password: "a brand new passphrase 77", rateLimit: rateLimit() })).toEqual({
        ok: false,
        reason: "invalid-link",
      })
      expect(await db.prisma.verificationToken.count({ where: { identifier: { contains: user.email } } })).toBe(0)
      // The old address is free: a new sign-up with it works, and is another user.
      const newcomer = await account("newcomer", user.email)
      expect(newcomer.id).not.toBe(user.id)

      if (!done.ok) throw new Error("the change was refused")
      await sendEmailChangedMails(done.binding, ORIGIN)
      expect((await smtp.waitFor(user.email)).subject).toBe("Your email address was changed (Auth Starter)")
      expect((await smtp.waitFor(newEmail)).subject).toBe(`Your email address is now ${newEmail} (Auth Starter)`)
    })

    it("the confirming browser signed in as the user keeps its session; the rest is the caller's revokeOthers", async () => {
      const user = await account("keeper")
      await db.prisma.session.create({ data: { sessionToken: `${user.id}-mine`, userId: user.id, expires: new Date(Date.now() + 86400_000) } })
      const token = await changeToken(user.id, unique("kept"))
      const done = await confirmEmailChange(db.prisma, { token, signedInUserId: user.id })
      expect(done).toMatchObject({ ok: true, sessions: "others" })
      expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(1)
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).sessionsValidSince).toBeNull()
    })

    it("a taken address (in any case) gets the same answer; its owner is told, nothing changes, the old address is notified alike", async () => {
      const jane = await account("jane", `jane-${provider}@example.com`)
      const user = await account("asker")
      const answer = await ask(user.id, `Jane-${provider}@Example.com`)
      expect(answer).toMatchObject({ ...SAME_ANSWER, newEmail: jane.email })
      const toOwner = await smtp.waitFor(jane.email)
      expect(toOwner.subject).toBe("Someone tried to use your email address (Auth Starter)")
      expect(toOwner.text).toContain("nothing changed")
      expect(toOwner.text).not.toContain("/confirm-email")
      // The requester's own mailbox reads the same as for a free address.
      const notice = await smtp.waitFor(user.email)
      expect(notice.subject).toBe("A change of your email address was requested (Auth Starter)")
      expect(linkIn(notice, `${ORIGIN}/cancel-email-change?`)).toBeTruthy()
      // No confirmation link exists for a taken address, only the cancel link of the notice.
      expect(await db.prisma.verificationToken.count({ where: { identifier: { startsWith: userPrefix("email-change", user.id) } } })).toBe(0)
      expect(await db.prisma.verificationToken.count({ where: { identifier: { startsWith: userPrefix("email-change-cancel", user.id) } } })).toBe(1)
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: jane.id } })).email).toBe(jane.email)
    })

    it("an address taken between the request and the confirmation (normalised form) voids the link: same answer, one owner", async () => {
      const user = await account("slow")
      const token = await changeToken(user.id, `Late-${provider}@Example.com`)
      const late = await account("late", `late-${provider}@example.com`)
      expect(await confirmEmailChange(db.prisma, { token, signedInUserId: user.id })).toEqual({ ok: false, reason: "no-longer-valid" })
      expect(await db.prisma.user.count({ where: { email: late.email } })).toBe(1)
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
      // And the link is void for good.
      expect(await confirmEmailChange(db.prisma, { token, signedInUserId: user.id })).toEqual({ ok: false, reason: "invalid" })
    })

    // The narrowest window, made certain: a sign-up commits between the confirmation's check that the
    // address is free and its update. Only PostgreSQL lets another connection write then (SQLite's
    // writer holds the file); the unique index refuses the update and the answer is the usual one.
    it.runIf(provider === "postgresql")("a sign-up committed inside the confirmation's transaction: the unique index decides, same answer, no exception", async () => {
      const user = await account("window")
      const contested = `window-${provider}@example.com`
      const token = await changeToken(user.id, contested)
      type Tx = Parameters<Parameters<typeof db.prisma.$transaction>[0]>[0]
      const withRivalInWindow = new Proxy(db.prisma, {
        get(target, key, receiver) {
          if (key !== "$transaction") return Reflect.get(target, key, receiver)
          return (run: (tx: Tx) => Promise<unknown>) =>
            target.$transaction((tx) =>
              run(
                new Proxy(tx, {
                  get(inner, name, innerReceiver) {
                    if (name !== "user") return Reflect.get(inner, name, innerReceiver)
                    return new Proxy(inner.user, {
                      get(users, method, usersReceiver) {
                        if (method !== "updateMany") return Reflect.get(users, method, usersReceiver)
                        return async (args: Parameters<Tx["user"]["updateMany"]>[0]) => {
                          await target.user.create({ data: { email: contested, name: "Rival" } })
                          return users.updateMany(args)
                        }
                      },
                    })
                  },
                }),
              ),
            )
        },
      })
      expect(await confirmEmailChange(withRivalInWindow, { token, signedInUserId: user.id })).toEqual({ ok: false, reason: "no-longer-valid" })
      expect(await db.prisma.user.count({ where: { email: contested } })).toBe(1)
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
      // The rolled-back transaction did not bring the link back.
      expect(await confirmEmailChange(db.prisma, { token, signedInUserId: user.id })).toEqual({ ok: false, reason: "invalid" })
    })

    it("a link is bound to its user and to the address the user had: changed meanwhile, expired, another purpose or forged, it does nothing", async () => {
      const alice = await account("alice")
      const bob = await account("bob")

      // Alice's link used in Bob's browser changes Alice's address only (the link, not the browser, names the account).
      const aliceNew = unique("alice-new")
      const aliceToken = await changeToken(alice.id, aliceNew)
      expect(await confirmEmailChange(db.prisma, { token: aliceToken, signedInUserId: bob.id })).toMatchObject({ ok: true, sessions: "all" })
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: bob.id } })).email).toBe(bob.email)
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: alice.id } })).email).toBe(aliceNew)

      // Two requests: the newer replaces the older; after one change the other link would be void anyway.
      const first = await changeToken(bob.id, unique("bob-first"))
      const second = await changeToken(bob.id, unique("bob-second"))
      expect(await confirmEmailChange(db.prisma, { token: first, signedInUserId: null })).toEqual({ ok: false, reason: "invalid" })

      // The address changed meanwhile (by any path): the pending link is void.
      await db.prisma.user.update({ where: { id: bob.id }, data: { email: unique("bob-elsewhere") } })
      expect(await peekEmailChange(db.prisma, second)).toBeNull()
      expect(await confirmEmailChange(db.prisma, { token: second, signedInUserId: bob.id })).toEqual({ ok: false, reason: "no-longer-valid" })

      // Expired after 24 hours.
      const carol = await account("carol")
      const expiring = await changeToken(carol.id, unique("carol-new"))
      expect((await smtp.waitFor(carol.email)).subject).toContain("A change of your email address was requested")
      const row = await db.prisma.verificationToken.findFirstOrThrow({ where: { identifier: { startsWith: "email-change:" }, expires: { gt: new Date() } }, orderBy: { expires: "desc" } })
      expect(Math.abs(row.expires.getTime() - (Date.now() + 86400_000))).toBeLessThan(60_000)
      await db.prisma.verificationToken.updateMany({ where: { identifier: row.identifier }, data: { expires: new Date(Date.now() - 1000) } })
      expect(await peekEmailChange(db.prisma, expiring)).toBeNull()
      expect(await confirmEmailChange(db.prisma, { token: expiring, signedInUserId: carol.id })).toEqual({ ok: false, reason: "invalid" })

      // A token of another purpose (a reset link's), junk, or a row whose identifier was hand-made: nothing.
      const reset = await requestPasswordReset(db.prisma, { email: carol.email, origin: ORIGIN, client: "198.51.100.9", rateLimit: rateLimit() })
      await (reset as { sent?: Promise<void> }).sent
      const resetToken = tokenOf(linkIn(await smtp.waitFor(carol.email), `${ORIGIN}/reset-password?`))
      for (const token of [resetToken, "", "x".repeat(5000), 42, null, { token: resetToken }]) {
        expect(await confirmEmailChange(db.prisma, { token, signedInUserId: carol.id })).toEqual({ ok: false, reason: "invalid" })
      }
      const forged = `email-change:${Buffer.from(carol.id).toString("base64url")}:${Buffer.from(JSON.stringify({ new: "Evil@Example.com", old: carol.email })).toString("base64url")}`
      const { createHash } = await import("node:crypto")
      await db.prisma.verificationToken.create({
        data: { identifier: forged, token: createHash("sha256").update("forged-token").digest("hex"), expires: new Date(Date.now() + 3600_000) },
      })
      expect(await confirmEmailChange(db.prisma, { token: "forged-token", signedInUserId: carol.id })).toEqual({ ok: false, reason: "invalid" })
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: carol.id } })).email).toBe(carol.email)
    })

    it("the cancel link from the old address voids the pending change", async () => {
      const user = await account("canceller")
      const token = await changeToken(user.id, unique("unwanted"))
      const cancel = tokenOf(linkIn(await smtp.waitFor(user.email), `${ORIGIN}/cancel-email-change?`))
      expect(await cancelEmailChange(db.prisma, cancel)).toMatchObject({ ok: true, binding: { userId: user.id, oldEmail: user.email } })
      expect(await cancelEmailChange(db.prisma, cancel)).toEqual({ ok: false, reason: "invalid" })
      expect(await confirmEmailChange(db.prisma, { token, signedInUserId: user.id })).toEqual({ ok: false, reason: "invalid" })
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
    })

    it("refuses a malformed or unchanged address, and limits requests per user and per new address", async () => {
      const user = await account("limits")
      expect(await ask(user.id, "not an address")).toEqual({ ok: false, reason: "invalid" })
      expect(await ask(user.id, "a@b@c.example")).toEqual({ ok: false, reason: "invalid" })
      expect(await ask(user.id, user.email.toUpperCase())).toEqual({ ok: false, reason: "same" })
      const limiter = rateLimit()
      const target = unique("target")
      for (let i = 0; i < 3; i++) expect(await ask(user.id, target, limiter)).toMatchObject({ ok: true })
      expect(await ask(user.id, target, limiter)).toEqual({ ok: false, reason: "limited" })
      // The address's limit reached, other addresses still work up to the user's own limit (5).
      expect(await ask(user.id, unique("other"), limiter)).toMatchObject({ ok: true })
      expect(await ask(user.id, unique("other"), limiter)).toEqual({ ok: false, reason: "limited" })
    })

    it("a confirmation raced with a sign-up for the same new address: one owner, every caller answered, no exception", async () => {
      const rounds = provider === "postgresql" ? 12 : 8
      const wins = { change: 0, signUp: 0 }
      // How long a sign-up takes here (mostly its scrypt), to aim the confirmations at its insert.
      const started = Date.now()
      await account("timing")
      const signUpMs = Date.now() - started
      for (let round = 0; round < rounds; round++) {
        const user = await account(`racer${round}`)
        const contested = `contested-${provider}-${round}@example.com`
        const token = await changeToken(user.id, contested)
        smtp.mails.length = 0
        // The sign-up hashes first and inserts last: in every other round the confirmations start
        // around the moment of its insert, so each side sometimes reaches the unique index first.
        const late = round % 2 === 1 ? signUpMs * (0.7 + Math.random() * 0.6) : Math.random() * 20
        const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        const outcomes = await Promise.allSettled([
          pause(late).then(() => confirmEmailChange(db.prisma, { token, signedInUserId: null })),
          signUp(db.prisma, { email: contested, name: "Rival", password: PASSWORD }),
          // A second use of the same link at the same time: at most one of the two confirms.
          pause(late).then(() => confirmEmailChange(db.prisma, { token, signedInUserId: user.id })),
        ])
        expect(outcomes.filter((o) => o.status === "rejected")).toEqual([])
        const [confirmA, signUpResult, confirmB] = outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value) as [
          Awaited<ReturnType<typeof confirmEmailChange>>,
          Awaited<ReturnType<typeof signUp>>,
          Awaited<ReturnType<typeof confirmEmailChange>>,
        ]
        const owners = await db.prisma.user.findMany({ where: { email: contested }, select: { id: true } })
        expect(owners).toHaveLength(1)
        const changed = [confirmA, confirmB].filter((c) => c.ok)
        expect(changed.length + (signUpResult.ok ? 1 : 0)).toBe(1)
        wins[changed.length === 1 ? "change" : "signUp"]++
        if (changed.length === 1) {
          expect(owners[0]!.id).toBe(user.id)
          expect(signUpResult).toEqual({ ok: false, field: "email", message: "An account with this email already exists. Sign in instead." })
        } else {
          expect(owners[0]!.id).not.toBe(user.id)
          expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email)
        }
      }
      console.info(`[email change race on ${provider}] the change won ${wins.change}, the sign-up ${wins.signUp} of ${rounds} rounds`)
    })
  })
}
