/**
 * Two-factor sign-in enforced on every first factor: until the
 * second step passes there is only the pending cookie and no session; codes
 * work once, in parallel too; wrong codes void the pending sign-in; the
 * callback URL survives both steps and stays origin-checked. Real SQLite and
 * PostgreSQL, both session strategies, the app's own authorize() and take-back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { Secret, TOTP } from "otpauth"
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  getTwoFactorStatus,
  InvalidTwoFactorCode,
  resolveAuthConfig,
  type AuthConfig,
} from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import OIDC from "@/lib/auth/providers/oidc"
import Passkey from "@/lib/auth/providers/passkey"
import { readSession } from "@/lib/auth/session/read"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { removeCredentials } from "@/server/accounts/take-back"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { linkIn, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { BASE, Browser, ORIGIN, SECRET, DATABASE_AND_STRATEGY_CASES } from "../support"
import { signInWith } from "../oauth/support"

const PASSWORD = "correct-horse-battery-9"
const PENDING = "authjs.two-factor"

function codeFor(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("two-factor sign-in (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let idp: OidcServer
  let config: AuthConfig
  let requiredConfig: AuthConfig
  let n = 0
  const events: { name: string; message: Record<string, unknown> }[] = []
  /** Accounts the jwt callback was given at a sign-in (jwt strategy). */
  const jwtAccounts: Record<string, unknown>[] = []

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    smtp = await startSmtpServer()
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`], accounts: [] })
    const record = (name: string) => (message: object) => void events.push({ name, message: message as Record<string, unknown> })
    const base = (): AuthConfig => ({
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      experimental: { enableWebAuthn: true },
      adapter: { ...PrismaAdapter(db.prisma), removeCredentials: (userId) => removeCredentials(db.prisma, userId) },
      session: { strategy },
      events: {
        signIn: record("signIn"),
        twoFactorEnabled: record("twoFactorEnabled"),
        twoFactorFailed: record("twoFactorFailed"),
      },
      callbacks: {
        session: ({ session, user, token }) => ({ ...session, user: { ...session.user, id: user?.id ?? token?.sub } }),
        jwt: ({ token, account }) => {
          if (account) jwtAccounts.push(account as Record<string, unknown>)
          return token
        },
      },
      providers: [
        Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) }),
        Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" }),
        OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowDangerousEmailAccountLinking: true }),
        Passkey(),
      ],
    })
    config = base()
    requiredConfig = { ...base(), twoFactor: { required: true } }
  })
  afterEach(() => vi.useRealTimers())
  afterAll(async () => {
    await idp.close()
    await smtp.close()
    await db.cleanup()
  })

  async function session(browser: Browser): Promise<{ user?: { id?: string; email?: string | null } } | null> {
    const res = await browser.send(`${BASE}/session`)
    expect(res.status).toBe(200)
    return (await res.json()) as { user?: { id?: string } } | null
  }

  /** A verified user with a password and (unless `enrol` is false) two-factor on; the secret to compute codes. */
  async function user(options: { enrol?: boolean; verified?: boolean } = {}) {
    const email = `user-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "User", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    const id = created.user.id
    if (options.verified !== false) await db.prisma.user.update({ where: { id }, data: { emailVerified: new Date() } })
    let secret = ""
    let recoveryCodes: string[] = []
    if (options.enrol !== false) {
      const setup = await beginTwoFactorSetup(config, { id, email })
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\//)
      expect(setup.qrSvg).toContain("<svg")
      await expect(confirmTwoFactorSetup(config, id, setup.sealedSecret, "000000")).rejects.toBeInstanceOf(InvalidTwoFactorCode)
      ;({ recoveryCodes } = await confirmTwoFactorSetup(config, id, setup.sealedSecret, codeFor(setup.secret)))
      secret = setup.secret
    }
    return { id, email, secret, recoveryCodes }
  }

  async function passwordStep(browser: Browser, email: string, callbackUrl = "/dashboard"): Promise<Response> {
    return browser.signInWithCredentials({ email, password: PASSWORD, callbackUrl })
  }

  async function secondStep(browser: Browser, code: string): Promise<Response> {
    const csrfToken = await browser.csrfToken()
    return browser.send(`${BASE}/two-factor`, { form: { csrfToken, code } })
  }

  it("the password alone sets only the pending cookie: no session anywhere", async () => {
    const u = await user()
    const browser = new Browser(config)
    const res = await passwordStep(browser, u.email)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/two-factor?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`)
    expect(browser.jar.has(PENDING)).toBe(true)
    expect(browser.jar.has(browser.sessionCookieName())).toBe(false)
    expect(await session(browser)).toBeNull()
    const direct = await readSession(resolveAuthConfig(config), { origin: ORIGIN, cookie: browser.cookieHeader() })
    expect(direct.session).toBeNull()
    // The pending cookie's value presented as a session token is no session either.
    const forged = `${browser.sessionCookieName()}=${browser.jar.get(PENDING)}`
    expect((await readSession(resolveAuthConfig(config), { origin: ORIGIN, cookie: forged })).session).toBeNull()
    expect(events.some((e) => e.name === "signIn" && (e.message.user as { id?: string }).id === u.id)).toBe(false)

    const page = await browser.send(`${BASE}/two-factor`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("Authentication code")
    expect(html).toContain("Back to sign in")
  })

  it("the right code finishes the sign-in at the callback URL; the same code again is refused", async () => {
    const u = await user()
    const browser = new Browser(config)
    await passwordStep(browser, u.email)
    const code = codeFor(u.secret, 1)
    const done = await secondStep(browser, code)
    expect(done.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(browser.jar.has(PENDING)).toBe(false)
    expect((await session(browser))?.user?.id).toBe(u.id)
    expect(events.some((e) => e.name === "signIn" && (e.message.user as { id?: string }).id === u.id)).toBe(true)

    const again = new Browser(config)
    await passwordStep(again, u.email)
    const replay = await secondStep(again, code)
    expect(replay.headers.get("location")).toContain(`${BASE}/two-factor?error=InvalidTwoFactorCode`)
    expect(await session(again)).toBeNull()
    expect(events.some((e) => e.name === "twoFactorFailed" && e.message.userId === u.id)).toBe(true)
  })

  it("one code sent by two pending sign-ins at once gives one session", async () => {
    const u = await user()
    const browsers = [new Browser(config), new Browser(config), new Browser(config)]
    for (const b of browsers) await passwordStep(b, u.email)
    const tokens = await Promise.all(browsers.map((b) => b.csrfToken()))
    const code = codeFor(u.secret, 1)
    const results = await Promise.all(
      browsers.map((b, i) => b.send(`${BASE}/two-factor`, { form: { csrfToken: tokens[i]!, code } })),
    )
    const finished = results.filter((r) => r.headers.get("location") === `${ORIGIN}/dashboard`)
    expect(finished).toHaveLength(1)
  })

  it("a recovery code works once", async () => {
    const u = await user()
    const first = new Browser(config)
    await passwordStep(first, u.email)
    expect((await secondStep(first, u.recoveryCodes[0]!.toUpperCase())).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await session(first))?.user?.id).toBe(u.id)
    expect((await getTwoFactorStatus(config, u.id)).recoveryCodesLeft).toBe(9)

    const second = new Browser(config)
    await passwordStep(second, u.email)
    expect((await secondStep(second, u.recoveryCodes[0]!)).headers.get("location")).toContain("error=InvalidTwoFactorCode")
    expect(await session(second)).toBeNull()
  })

  it("five wrong codes void the pending sign-in: even the right code is refused after", async () => {
    const u = await user()
    const browser = new Browser(config)
    await passwordStep(browser, u.email)
    const kept = browser.jar.get(PENDING)!
    for (let i = 0; i < 5; i++) expect((await secondStep(browser, "000000")).headers.get("location")).toContain("error=InvalidTwoFactorCode")
    const voided = await secondStep(browser, codeFor(u.secret, 1))
    const location = new URL(voided.headers.get("location")!)
    expect(location.pathname).toBe(`${BASE}/signin`)
    expect(location.searchParams.get("error")).toBe("TwoFactorSignInError")
    expect(location.searchParams.get("code")).toBe("two_factor_rate_limited")
    expect(browser.jar.has(PENDING)).toBe(false)
    // The old cookie replayed is void too.
    browser.jar.set(PENDING, kept)
    expect((await secondStep(browser, codeFor(u.secret, 1))).headers.get("location")).toContain("code=two_factor_rate_limited")
    expect(await session(browser)).toBeNull()
    expect(events.some((e) => e.name === "twoFactorFailed" && e.message.userId === u.id && e.message.voided === true)).toBe(true)
  })

  it("an expired or missing pending sign-in sends the user back to sign in", async () => {
    const u = await user()
    const browser = new Browser(config)
    await passwordStep(browser, u.email)
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.now() + 6 * 60 * 1000)
    const res = await browser.send(`${BASE}/two-factor`)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toContain(`${BASE}/signin?error=TwoFactorSignInError&code=two_factor_expired`)
    vi.useRealTimers()
    const none = await new Browser(config).send(`${BASE}/two-factor`)
    expect(none.headers.get("location")).toContain("code=two_factor_expired")
    const garbage = new Browser(config)
    garbage.jar.set(PENDING, "not-a-token")
    expect((await secondStep(garbage, "123456")).headers.get("location")).toContain("code=two_factor_expired")
  })

  it("the callback URL is kept through both steps and still checked against the origin", async () => {
    const u = await user()
    const browser = new Browser(config)
    await passwordStep(browser, u.email, "https://evil.example/steal")
    expect((await secondStep(browser, codeFor(u.secret, 1))).headers.get("location")).toBe(ORIGIN)
    // A callbackUrl sent to the second step is not the one the first factor checked: ignored.
    const other = new Browser(config)
    await passwordStep(other, u.email, "/settings?tab=security")
    const csrfToken = await other.csrfToken()
    const res = await other.send(`${BASE}/two-factor`, {
      form: { csrfToken, code: u.recoveryCodes[1]!, callbackUrl: "https://evil.example" },
    })
    expect(res.headers.get("location")).toBe(`${ORIGIN}/settings?tab=security`)
  })

  it("an email link needs the second step too", async () => {
    const u = await user()
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: u.email, callbackUrl: "/dashboard" } })
    const link = linkIn(await smtp.waitFor(u.email), `${ORIGIN}${BASE}/callback/nodemailer?`)
    const res = await browser.send(link)
    expect(res.headers.get("location")).toContain(`${BASE}/two-factor?callbackUrl=`)
    expect(await session(browser)).toBeNull()
    expect((await secondStep(browser, codeFor(u.secret, 1))).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await session(browser))?.user?.id).toBe(u.id)
  })

  it("an OIDC sign-in needs the second step too", async () => {
    const u = await user()
    await db.prisma.account.create({ data: { userId: u.id, type: "oidc", provider: "oidc", providerAccountId: `oidc-${u.id}` } })
    const browser = new Browser(config)
    const res = await signInWith(browser, "oidc", `oidc-${u.id}`)
    expect(res.headers.get("location")).toContain(`${BASE}/two-factor?callbackUrl=`)
    expect(await session(browser)).toBeNull()
    events.length = 0
    jwtAccounts.length = 0
    expect((await secondStep(browser, codeFor(u.secret, 1))).headers.get("location")).toBe(ORIGIN)
    expect((await session(browser))?.user?.id).toBe(u.id)
    // The provider's tokens came through the pending cookie: the sign-in sees them as without two-factor.
    const signIn = events.find((e) => e.name === "signIn")!.message.account as Record<string, unknown>
    expect(signIn).toMatchObject({ provider: "oidc", access_token: expect.any(String), id_token: expect.any(String) })
    if (strategy === "jwt") expect(jwtAccounts).toEqual([expect.objectContaining({ access_token: signIn.access_token })])
  })

  it("a passkey with user verification skips the second step, and a passkey can be the second step after a password", async () => {
    const u = await user()
    const key = new SoftAuthenticator()
    const owner = new Browser(config)
    await passwordStep(owner, u.email)
    await secondStep(owner, codeFor(u.secret, 1))
    const reg = await owner.send(`${BASE}/webauthn-options/passkey?action=register`)
    const { options } = (await reg.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }
    const csrf = await owner.csrfToken()
    const data = JSON.stringify(key.register(options, { origin: ORIGIN }))
    expect((await owner.send(`${BASE}/callback/passkey`, { form: { action: "register", data, csrfToken: csrf } })).status).toBe(302)

    const browser = new Browser(config)
    const auth = await browser.send(`${BASE}/webauthn-options/passkey?action=authenticate`)
    const { options: authOptions } = (await auth.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }
    const csrf2 = await browser.csrfToken()
    const assertion = JSON.stringify(key.authenticate(authOptions, { origin: ORIGIN }))
    const res = await browser.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data: assertion, csrfToken: csrf2, callbackUrl: "/" } })
    expect(res.headers.get("location")).toBe(`${ORIGIN}/`)
    expect((await session(browser))?.user?.id).toBe(u.id)

    // The passkey as the second step after a password: the page offers it, the options name only this user.
    const second = new Browser(config)
    await passwordStep(second, u.email)
    expect(await (await second.send(`${BASE}/two-factor`)).text()).toContain("Sign in with a passkey")
    const opts = await second.send(`${BASE}/webauthn-options/passkey`)
    const { options: o2 } = (await opts.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] & { allowCredentials?: unknown[] } }
    expect(o2.allowCredentials).toHaveLength(1)
    const csrf3 = await second.csrfToken()
    const a2 = JSON.stringify(key.authenticate(o2, { origin: ORIGIN }))
    const done = await second.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data: a2, csrfToken: csrf3 } })
    expect(done.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(second.jar.has(PENDING)).toBe(false)
    expect((await session(second))?.user?.id).toBe(u.id)
  })

  it("a user without two-factor signs in as before", async () => {
    const u = await user({ enrol: false })
    const browser = new Browser(config)
    expect((await passwordStep(browser, u.email)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await session(browser))?.user?.id).toBe(u.id)
  })

  it("twoFactor.required sends a user without it to enrol, then shows the recovery codes once and signs in", async () => {
    const u = await user({ enrol: false })
    const browser = new Browser(requiredConfig)
    const first = await passwordStep(browser, u.email)
    expect(first.headers.get("location")).toContain(`${BASE}/two-factor?callbackUrl=`)
    expect(await session(browser)).toBeNull()
    const page = await (await browser.send(`${BASE}/two-factor`)).text()
    expect(page).toContain("<svg")
    expect(page).toContain("Authentication code")
    const uri = /otpauth:\/\/totp\/[^<"\s]+/.exec(page.replaceAll("&amp;", "&"))![0]
    const secret = new URL(uri).searchParams.get("secret")!
    const sealedSecret = /name="sealedSecret" value="([^"]+)"/.exec(page)![1]!
    const csrfToken = await browser.csrfToken()
    const wrong = await browser.send(`${BASE}/two-factor`, { form: { csrfToken, sealedSecret, code: "000000" } })
    expect(await wrong.text()).toContain(sealedSecret)
    const res = await browser.send(`${BASE}/two-factor`, { form: { csrfToken, sealedSecret, code: codeFor(secret) } })
    expect(res.status).toBe(200)
    const codes = await res.text()
    expect(codes).toContain("Recovery codes")
    expect(codes.match(/<li><code>/g)).toHaveLength(10)
    expect(codes).toContain(`href="${ORIGIN}/dashboard"`)
    expect((await session(browser))?.user?.id).toBe(u.id)
    expect((await getTwoFactorStatus(config, u.id)).enabled).toBe(true)
  })

  it("the mailbox's owner taking an account back also removes the two-factor the creator set up", async () => {
    const u = await user({ verified: false })
    expect((await getTwoFactorStatus(config, u.id)).enabled).toBe(true)
    const owner = new Browser(config)
    const csrfToken = await owner.csrfToken()
    await owner.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: u.email, callbackUrl: "/dashboard" } })
    const link = linkIn(await smtp.waitFor(u.email), `${ORIGIN}${BASE}/callback/nodemailer?`)
    expect((await owner.send(link)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await session(owner))?.user?.id).toBe(u.id)
    expect(await getTwoFactorStatus(config, u.id)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 })
    expect(await db.prisma.recoveryCode.count({ where: { userId: u.id } })).toBe(0)
  })
})

describe("two-factor configuration", () => {
  it("required without an adapter that stores second factors is a configuration error with a code", () => {
    const resolved = resolveAuthConfig({
      secret: SECRET,
      trustHost: true,
      providers: [Credentials({ authorize: () => null })],
      twoFactor: { required: true },
    })
    expect(resolved.error?.code).toBe("two_factor_unsupported")
    expect(resolved.error?.message).toContain("getTwoFactor")
  })

  it("without such an adapter two-factor is off and nothing asks for it", () => {
    const resolved = resolveAuthConfig({ secret: SECRET, trustHost: true, providers: [Credentials({ authorize: () => null })] })
    expect(resolved.error).toBeUndefined()
    expect(resolved.twoFactor.adapter).toBeUndefined()
  })
})
