/**
 * The owner gets through a stranger who has the password, on the real app
 * (auth.ts, its route handlers, the password-revoke page and action), a real
 * SMTP server and the database each test file names. The stranger spends the
 * per-user budget of authenticator codes; the owner on a new browser still
 * signs in with a recovery code while the stranger's further codes are
 * refused. The wrong-codes notice carries "It wasn't me": opening it changes
 * nothing, confirming it removes the password (the stranger's password
 * sign-in then fails), ends every session and writes the security log. A used
 * link, an expired one and one for a password since changed change nothing
 * and say so.
 */
import { randomBytes } from "node:crypto"
import { renderToStaticMarkup } from "react-dom/server"
import { NextRequest } from "next/server"
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "@/lib/auth"
import { hashPassword } from "@/server/accounts/password"
import { issuePasswordRevokeToken } from "@/server/accounts/password-revoke-tokens"
import { userIdentifierPrefix } from "@/server/accounts/token-kinds"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { parseSetCookie } from "@/tests/integration/auth/support"

vi.setConfig({ testTimeout: 120_000 })

/** What the mocked next/headers answers to the server action. */
export const incoming = { headers: new Headers() }

const ORIGIN = "http://app.localhost:3000"
const PASSWORD = "the owner's passphrase 7130"
const SUBJECT = "Several wrong two-factor codes at sign-in (Auth Starter)"
const CODES_BUDGET = 20
const PER_SIGN_IN = 5

export function ownerGetsThroughSuite(provider: "sqlite" | "postgresql"): void {
  const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_TRUSTED_PROXIES"])
  let db: TestDatabase
  let smtp: TestSmtpServer
  let app: typeof import("@/auth")
  let page: typeof import("@/app/password-revoke/page").default
  let revokePasswordAction: typeof import("@/app/password-revoke/actions").revokePasswordAction
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    smtp = await startSmtpServer()
    env.set({
      AUTH_SECRET: "two-factor-owner-gets-through-secret-0123456789",
      AUTH_URL: ORIGIN,
      AUTH_SESSION_STRATEGY: "database",
      DATABASE_URL: db.url,
      EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      AUTH_TRUSTED_PROXIES: "1",
    })
    app = await import("@/auth")
    page = (await import("@/app/password-revoke/page")).default
    revokePasswordAction = (await import("@/app/password-revoke/actions")).revokePasswordAction
  })

  afterAll(async () => {
    env.restore()
    await smtp?.close()
    await db?.cleanup()
  })

  /** A browser talking to the app's route handlers, behind one proxy that forwards its address. */
  class AppBrowser {
    readonly jar = new Map<string, string>()
    constructor(readonly address: string) {}

    async send(path: string, form?: Record<string, string>): Promise<Response> {
      const headers = new Headers({ cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "), "x-forwarded-for": this.address })
      if (form) headers.set("content-type", "application/x-www-form-urlencoded")
      const request = new NextRequest(`${ORIGIN}${path}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined })
      const res = await (form ? app.handlers.POST(request) : app.handlers.GET(request))
      for (const cookie of res.headers.getSetCookie().map(parseSetCookie)) {
        if (cookie.value === "" || cookie.attributes["max-age"] === "0") this.jar.delete(cookie.name)
        else this.jar.set(cookie.name, cookie.value)
      }
      return res
    }

    async csrfToken(): Promise<string> {
      return ((await (await this.send("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken
    }

    /** The password step: "two-factor" (asked for a code), else where the sign-in sent the browser. */
    async password(email: string, password = PASSWORD): Promise<string> {
      const res = await this.send("/api/auth/callback/credentials", { csrfToken: await this.csrfToken(), email, password, callbackUrl: "/dashboard" })
      const location = res.headers.get("location") ?? ""
      return location.includes("/api/auth/two-factor?") ? "two-factor" : location
    }

    /** One code at the second step: "signed-in", "wrong", "paused" or where it was sent. */
    async code(code: string): Promise<string> {
      const res = await this.send("/api/auth/two-factor", { csrfToken: await this.csrfToken(), code })
      const location = res.headers.get("location") ?? ""
      if (location === `${ORIGIN}/dashboard`) return "signed-in"
      if (location.includes("error=InvalidTwoFactorCode")) return "wrong"
      if (location.includes("error=TwoFactorCodesPaused")) return "paused"
      return location
    }

    async userId(): Promise<string | undefined> {
      return ((await (await this.send("/api/auth/session")).json()) as { user?: { id?: string } } | null)?.user?.id
    }
  }

  function codeFor(secret: string, stepOffset = 0): string {
    const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
    return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
  }

  async function owner() {
    const email = `owner-${provider}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Owner", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    const id = created.user.id
    await db.prisma.user.update({ where: { id }, data: { emailVerified: new Date() } })
    const setup = await beginTwoFactorSetup(app.authConfig, { id, email })
    const { recoveryCodes } = await confirmTwoFactorSetup(app.authConfig, id, setup.sealedSecret, codeFor(setup.secret, -1))
    await smtp.waitFor(email)
    return { id, email, secret: setup.secret, recoveryCodes }
  }

  /** What the page shows for a query (a GET: a server component reads, never writes). */
  async function render(search: Record<string, string>): Promise<string> {
    return renderToStaticMarkup(await page({ searchParams: Promise.resolve(search) }))
  }

  /** Posts the confirmation form; resolves to the outcome the action redirected to. */
  async function confirm(token: string): Promise<string | null> {
    const form = new FormData()
    form.set("token", token)
    try {
      await revokePasswordAction(form)
    } catch (error) {
      const digest = (error as { digest?: unknown }).digest
      if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) {
        const target = digest.split(";")[2] ?? ""
        return new URL(target, ORIGIN).searchParams.get("outcome")
      }
      throw error
    }
    throw new Error("the action did not redirect")
  }

  const passwordHashOf = async (id: string) => (await db.prisma.user.findUniqueOrThrow({ where: { id }, select: { passwordHash: true } })).passwordHash

  describe(`the owner gets through a stranger who has the password (${provider})`, () => {
    it("the stranger spends the codes' budget; the owner passes with a recovery code; It wasn't me removes the password and every session, once", async () => {
      const u = await owner()
      // The owner's usual session, somewhere else.
      const usual = new AppBrowser("198.51.100.7")
      expect(await usual.password(u.email)).toBe("two-factor")
      expect(await usual.code(codeFor(u.secret))).toBe("signed-in")

      const valid = new Set([-2, -1, 0, 1, 2].map((offset) => codeFor(u.secret, offset)))
      const wrong = ["111111", "222222", "333333"].find((code) => !valid.has(code))!
      for (let round = 0; round < CODES_BUDGET / PER_SIGN_IN; round++) {
        const stranger = new AppBrowser(`203.0.113.${10 + round}`)
        expect(await stranger.password(u.email)).toBe("two-factor")
        for (let i = 0; i < PER_SIGN_IN; i++) expect(await stranger.code(wrong)).toBe("wrong")
      }
      const stranger = new AppBrowser("203.0.113.50")
      expect(await stranger.password(u.email)).toBe("two-factor")
      expect(await stranger.code(codeFor(u.secret, 1))).toBe("paused")

      // The owner on a new laptop: the authenticator code is paused, a recovery code is not.
      const laptop = new AppBrowser("198.51.100.8")
      expect(await laptop.password(u.email)).toBe("two-factor")
      expect(await laptop.code(codeFor(u.secret, 1))).toBe("paused")
      expect(await laptop.code(u.recoveryCodes[0]!)).toBe("signed-in")
      expect(await laptop.userId()).toBe(u.id)
      // The stranger's further codes are still refused.
      expect(await stranger.code(codeFor(u.secret, 2))).toBe("paused")
      expect(await stranger.code("ABCD-EFGH-JKLM-NPQR")).toBe("wrong")
      expect(await stranger.userId()).toBeUndefined()

      const notice = await smtp.waitFor(u.email)
      expect(notice.subject).toBe(SUBJECT)
      expect(notice.text).toContain("Someone entered your password")
      expect(notice.text).toContain("failed the second step 5 times")
      expect(notice.text).not.toContain(wrong)
      const link = linkIn(notice, `${ORIGIN}/password-revoke?token=`)
      const token = new URL(link).searchParams.get("token")!
      const before = await passwordHashOf(u.id)

      // Opening the link (a person, or a mail scanner) only shows the confirmation.
      const shown = await render({ token })
      expect(shown).toContain("Remove your password")
      expect(shown).toContain("It wasn&#x27;t me: remove my password")
      expect(await passwordHashOf(u.id)).toBe(before)
      expect(await laptop.userId()).toBe(u.id)

      expect(await confirm(token)).toBe("revoked")
      expect(await render({ outcome: "revoked" })).toContain("Your password was removed")
      expect(await passwordHashOf(u.id)).toBeNull()
      expect(await usual.userId()).toBeUndefined()
      expect(await laptop.userId()).toBeUndefined()
      expect(await db.prisma.session.count({ where: { userId: u.id } })).toBe(0)
      // The stranger's password no longer passes the first step.
      const again = new AppBrowser("203.0.113.51")
      expect(await again.password(u.email)).not.toBe("two-factor")
      expect(await again.userId()).toBeUndefined()
      const logged = await db.prisma.securityEvent.findMany({ where: { userId: u.id, type: "password-revoked" } })
      expect(logged).toEqual([expect.objectContaining({ outcome: "success" })])

      // The same link again: nothing happens, and the page says why.
      expect(await confirm(token)).toBe("invalid")
      expect(await render({ token })).toContain("Link not valid")
      expect(await db.prisma.securityEvent.count({ where: { userId: u.id, type: "password-revoked" } })).toBe(1)
    })

    it("an expired link and a link for a password since changed change nothing, and say so", async () => {
      const u = await owner()
      const expiring = (await issuePasswordRevokeToken(db.prisma, u.id))!
      const mine = { identifier: { startsWith: userIdentifierPrefix("password-revoke", u.id) } }
      await db.prisma.verificationToken.updateMany({ where: mine, data: { expires: new Date(Date.now() - 1000) } })
      expect(await render({ token: expiring })).toContain("Link expired")
      const hash = await passwordHashOf(u.id)
      expect(await confirm(expiring)).toBe("expired")
      expect(await render({ outcome: "expired" })).toContain("has expired and changed nothing")
      expect(await passwordHashOf(u.id)).toBe(hash)

      // A link for the old password, the password changed since (a new hash, as any change makes).
      const stale = (await issuePasswordRevokeToken(db.prisma, u.id))!
      const renewed = await hashPassword(`a new passphrase ${randomBytes(4).toString("hex")}`)
      await db.prisma.user.update({ where: { id: u.id }, data: { passwordHash: renewed } })
      expect(await render({ token: stale })).toContain("Link not valid")
      expect(await confirm(stale)).toBe("invalid")
      expect(await passwordHashOf(u.id)).toBe(renewed)
      expect(await db.prisma.securityEvent.count({ where: { userId: u.id, type: "password-revoked" } })).toBe(0)
      // A made-up token is no link either.
      expect(await confirm("not-a-token")).toBe("invalid")
    })
  })
}
