/**
 * The starter (auth.ts) tells the owner when wrong two-factor codes keep
 * coming at sign-in: someone has their password. A
 * stranger signs in with the password through the app's own route handlers
 * and types wrong codes, more than the alert's threshold and across two
 * sign-ins. The owner gets exactly one notice mail for the window (a real
 * SMTP server), and Settings › Security activity says what happened in plain
 * words.
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { NextRequest } from "next/server"
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beginTwoFactorSetup, confirmTwoFactorSetup, listSecurityEvents, resolveAuthConfig } from "@/lib/auth"
import { SecurityActivitySection } from "@/app/(protected)/settings/security-activity-section"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { parseSetCookie } from "@/tests/integration/auth/support"

const ORIGIN = "http://app.localhost:3000"
const PASSWORD = "the owner's passphrase 5521"
const SUBJECT = "Several wrong two-factor codes at sign-in (Auth Starter)"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_TRUSTED_PROXIES"])

let db: TestDatabase
let smtp: TestSmtpServer
let app: typeof import("@/auth")

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  smtp = await startSmtpServer()
  env.set({
    AUTH_SECRET: "two-factor-failure-notice-secret-0123456789abcdef",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    AUTH_TRUSTED_PROXIES: "1",
  })
  app = await import("@/auth")
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
    const headers = new Headers({
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-forwarded-for": this.address,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    })
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
}

function codeFor(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

describe("auth.ts twoFactorFailed", () => {
  it("a stranger's repeated wrong codes: one notice mail to the owner and a Security activity entry in plain words", async () => {
    const email = "ada@example.test"
    const created = await signUp(db.prisma, { email, name: "Ada", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    const userId = created.user.id
    await db.prisma.user.update({ where: { id: userId }, data: { emailVerified: new Date() } })
    const setup = await beginTwoFactorSetup(app.authConfig, { id: userId, email })
    await confirmTwoFactorSetup(app.authConfig, userId, setup.sealedSecret, codeFor(setup.secret))
    expect((await smtp.waitFor(email)).subject).toBe("Two-factor authentication was turned on (Auth Starter)")
    const valid = new Set([-2, -1, 0, 1, 2].map((offset) => codeFor(setup.secret, offset)))
    const wrong = ["111111", "222222", "333333"].find((code) => !valid.has(code))!

    // Two sign-ins with the password, five wrong codes each: past the alert's threshold of five.
    for (const address of ["203.0.113.80", "203.0.113.81"]) {
      const stranger = new AppBrowser(address)
      const first = await stranger.send("/api/auth/callback/credentials", {
        csrfToken: await stranger.csrfToken(),
        email,
        password: PASSWORD,
        callbackUrl: "/dashboard",
      })
      expect(first.headers.get("location")).toContain("/api/auth/two-factor?")
      for (let i = 0; i < 5; i++) {
        const res = await stranger.send("/api/auth/two-factor", { csrfToken: await stranger.csrfToken(), code: wrong })
        expect(res.headers.get("location")).toContain("error=InvalidTwoFactorCode")
      }
    }

    const notice = await smtp.waitFor(email)
    expect(notice.subject).toBe(SUBJECT)
    // The first step was the password: the notice offers to remove it, and still points to the activity.
    expect(notice.text).toContain("Someone entered your password for Auth Starter and then failed the second step 5 times")
    expect(notice.text).not.toContain(wrong)
    expect(linkIn(notice, ORIGIN)).toMatch(new RegExp(`^${ORIGIN}/password-revoke\\?token=[A-Za-z0-9_-]{43}$`))
    expect(notice.text).toContain(`${ORIGIN}/settings#security-activity`)
    // The mail goes out in the background: give a second one time to arrive, then count.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(email) && m.subject === SUBJECT)).toHaveLength(1)

    const events = await listSecurityEvents(resolveAuthConfig(app.authConfig), userId)
    const markup = renderToStaticMarkup(createElement(SecurityActivitySection, { events, now: new Date() }))
    const alerts = [...markup.matchAll(/Several wrong two-factor codes at sign-in \(5 wrong codes within 15 minutes\): someone who has your password may be trying to get in/g)]
    expect(alerts).toHaveLength(1)
    // The address the proxy forwarded, as it was sent.
    expect(events.find((e) => e.type === "two-factor-failures")?.ip).toBe("203.0.113.80")
  })
})
