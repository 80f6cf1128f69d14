/**
 * The security log written by the library's own sign-in flows, through
 * Auth() on real SQLite and PostgreSQL with both session strategies:
 * credentials right and wrong (the attempt lands in the account owner's log,
 * an unknown address in nobody's), an email link, the two-factor second step
 * and a wrong code, sign-out; the address as the trusted-proxy setting
 * resolves it; the new-device event; and a log that cannot be written does not
 * fail the sign-in. No entry holds the password or the code typed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Secret, TOTP } from "otpauth"
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  type AuthConfig,
  type NewDeviceSignIn,
  securityLogFailures,
} from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import Passkey from "@/lib/auth/providers/passkey"
import { revokeOtherUserSessions, resolveAuthConfig } from "@/lib/auth"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, ORIGIN, SECRET, type SendOptions, DATABASE_AND_STRATEGY_CASES } from "../support"

const PASSWORD = "correct-horse-battery-9"
const WRONG = "wrong-horse-battery-77"
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const CHROME_MAC_NEWER = CHROME_MAC.replace("Chrome/131", "Chrome/132")
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"

/** A browser with a User-Agent behind one trusted proxy: the client sent `spoofed`, the proxy appended `address`. */
class DeviceBrowser extends Browser {
  constructor(
    config: AuthConfig,
    readonly userAgent: string,
    readonly address: string,
    readonly spoofed = "192.0.2.66",
  ) {
    super(config)
  }
  override request(path: string, options: SendOptions = {}): Request {
    const headers = { "user-agent": this.userAgent, "x-forwarded-for": `${this.spoofed}, ${this.address}`, ...options.headers }
    return super.request(path, { ...options, headers })
  }
}

function codeFor(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("security log of sign-ins (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let config: AuthConfig
  let n = 0
  const newDevice: NewDeviceSignIn[] = []

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    smtp = await startSmtpServer()
    config = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      experimental: { enableWebAuthn: true },
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      // One proxy in front: the client is the last X-Forwarded-For entry, whatever the client wrote before it.
      rateLimit: { trustedProxies: 1 },
      events: { newDeviceSignIn: (message) => void newDevice.push(message) },
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: (credentials) => authorizeWithPassword(db.prisma, credentials),
        }),
        Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" }),
        Passkey(),
      ],
    }
  })
  afterAll(async () => {
    await smtp.close()
    await db.cleanup()
  })

  async function user() {
    const email = `log-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "User", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
    return { id: created.user.id, email }
  }

  const entriesOf = (userId: string | null) =>
    db.prisma.securityEvent.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })

  it("a password sign-in is logged with method, provider, the proxy-resolved address, User-Agent and device", async () => {
    const u = await user()
    const browser = new DeviceBrowser(config, CHROME_MAC, "203.0.113.9")
    const res = await browser.signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(res.headers.get("location")).toBe(ORIGIN)
    const [entry, ...rest] = await entriesOf(u.id)
    expect(rest).toEqual([])
    expect(entry).toMatchObject({
      type: "sign-in",
      outcome: "success",
      method: "password",
      provider: "credentials",
      ip: "203.0.113.9",
      userAgent: CHROME_MAC,
      device: "Chrome|macOS|203.0.113",
      detail: null,
    })
  })

  it("without a trusted proxy the socket address is the client's, not what X-Forwarded-For claims", async () => {
    const u = await user()
    const direct: AuthConfig = { ...config, rateLimit: { trustedProxies: 0, socketAddress: () => "198.51.100.23" } }
    const browser = new DeviceBrowser(direct, CHROME_MAC, "203.0.113.9")
    await browser.signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(await entriesOf(u.id)).toEqual([expect.objectContaining({ ip: "198.51.100.23", device: "Chrome|macOS|198.51.100" })])
  })

  it("a wrong password is a failure in the owner's log; an unknown address one without owner; neither holds the password", async () => {
    const u = await user()
    const browser = new DeviceBrowser(config, FIREFOX_LINUX, "198.51.100.4")
    const res = await browser.signInWithCredentials({ email: ` ${u.email.toUpperCase()} `, password: WRONG })
    expect(res.headers.get("location")).toContain("error=CredentialsSignin")
    expect(await entriesOf(u.id)).toEqual([
      expect.objectContaining({ type: "sign-in", outcome: "failure", method: "password", provider: "credentials", ip: "198.51.100.4" }),
    ])

    const stranger = `nobody-${crypto.randomUUID()}@example.test`
    await browser.signInWithCredentials({ email: stranger, password: WRONG })
    const orphans = await db.prisma.securityEvent.findMany({ where: { userId: null, ip: "198.51.100.4" } })
    expect(orphans).toEqual([expect.objectContaining({ outcome: "failure", method: "password" })])

    const everything = JSON.stringify(await db.prisma.securityEvent.findMany())
    expect(everything).not.toContain(WRONG)
    expect(everything).not.toContain(PASSWORD)
    expect(everything).not.toContain(stranger)
  })

  it("an email link sign-in is logged with method email", async () => {
    const u = await user()
    const browser = new DeviceBrowser(config, CHROME_MAC, "203.0.113.10")
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: u.email, callbackUrl: "/dashboard" } })
    const link = linkIn(await smtp.waitFor(u.email), `${ORIGIN}${BASE}/callback/nodemailer?`)
    expect((await browser.send(link)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const entries = await entriesOf(u.id)
    expect(entries).toEqual([expect.objectContaining({ type: "sign-in", outcome: "success", method: "email", provider: "nodemailer" })])
    const token = new URL(link).searchParams.get("token")!
    expect(JSON.stringify(entries)).not.toContain(token)
  })

  it("two-factor: a wrong code is a failed totp attempt, the right one finishes a sign-in logged once with its second step", async () => {
    const u = await user()
    const setup = await beginTwoFactorSetup(config, { id: u.id, email: u.email })
    await confirmTwoFactorSetup(config, u.id, setup.sealedSecret, codeFor(setup.secret))
    const browser = new DeviceBrowser(config, CHROME_MAC, "203.0.113.11")
    await browser.signInWithCredentials({ email: u.email, password: PASSWORD, callbackUrl: "/dashboard" })
    const wrongCode = codeFor(setup.secret, 20)
    let csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code: wrongCode } })
    csrfToken = await browser.csrfToken()
    const done = await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code: codeFor(setup.secret, 1) } })
    expect(done.headers.get("location")).toBe(`${ORIGIN}/dashboard`)

    const entries = await entriesOf(u.id)
    expect(entries.map((e) => [e.type, e.outcome, e.method, e.detail])).toEqual([
      ["two-factor-enabled", "success", "totp", null],
      ["sign-in", "failure", "totp", "wrong authenticator code"],
      ["sign-in", "success", "password", "with an authenticator code"],
    ])
    expect(JSON.stringify(entries)).not.toContain(wrongCode)
  })

  it("sign-out is logged for the user whose session ended", async () => {
    const u = await user()
    const browser = new DeviceBrowser(config, CHROME_MAC, "203.0.113.12")
    await browser.signInWithCredentials({ email: u.email, password: PASSWORD })
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/signout`, { form: { csrfToken } })
    expect((await entriesOf(u.id)).map((e) => e.type)).toEqual(["sign-in", "sign-out"])
  })

  it("a passkey added is logged; its sign-in is method passkey; a refused assertion is a failure in its owner's log", async () => {
    const u = await user()
    const key = new SoftAuthenticator()
    const owner = new DeviceBrowser(config, CHROME_MAC, "203.0.113.40")
    await owner.signInWithCredentials({ email: u.email, password: PASSWORD })
    const reg = await owner.send(`${BASE}/webauthn-options/passkey?action=register`)
    const { options } = (await reg.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }
    const data = JSON.stringify(key.register(options, { origin: ORIGIN }))
    await owner.send(`${BASE}/callback/passkey`, { form: { action: "register", data, csrfToken: await owner.csrfToken() } })

    const passkeySignIn = async (origin: string) => {
      const browser = new DeviceBrowser(config, CHROME_MAC, "203.0.113.41")
      const auth = await browser.send(`${BASE}/webauthn-options/passkey?action=authenticate`)
      const { options: authOptions } = (await auth.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }
      const assertion = JSON.stringify(key.authenticate(authOptions, { origin }))
      return browser.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data: assertion, csrfToken: await browser.csrfToken() } })
    }
    expect((await passkeySignIn("https://evil.example")).headers.get("location")).toContain("error=WebAuthnVerificationError")
    expect((await passkeySignIn(ORIGIN)).headers.get("location")).toBe(ORIGIN)

    expect((await entriesOf(u.id)).map((e) => [e.type, e.outcome, e.method, e.provider])).toEqual([
      ["sign-in", "success", "password", "credentials"],
      ["passkey-added", "success", "passkey", "passkey"],
      ["sign-in", "failure", "passkey", "passkey"],
      ["sign-in", "success", "passkey", "passkey"],
    ])
  })

  it.runIf(strategy === "database")("revoking the other sessions is logged with how many ended", async () => {
    const u = await user()
    const other = new DeviceBrowser(config, FIREFOX_LINUX, "198.51.100.50")
    await other.signInWithCredentials({ email: u.email, password: PASSWORD })
    const browser = new DeviceBrowser(config, CHROME_MAC, "203.0.113.50")
    await browser.signInWithCredentials({ email: u.email, password: PASSWORD })
    const result = await revokeOtherUserSessions(resolveAuthConfig(config), browser.request(`${BASE}/session`))
    expect(result).toMatchObject({ status: "ok", revoked: 1 })
    expect((await entriesOf(u.id)).at(-1)).toMatchObject({
      type: "session-revoked",
      detail: "every other session (1 session)",
      ip: "203.0.113.50",
    })
  })

  it("newDeviceSignIn fires for another browser family, not for the first sign-in nor a browser update on the same network", async () => {
    const u = await user()
    newDevice.length = 0
    await new DeviceBrowser(config, CHROME_MAC, "203.0.113.20").signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(newDevice).toEqual([]) // the first sign-in: nothing to compare with
    await new DeviceBrowser(config, CHROME_MAC_NEWER, "203.0.113.77").signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(newDevice).toEqual([]) // same family and OS, same /24
    await new DeviceBrowser(config, FIREFOX_LINUX, "203.0.113.20").signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(newDevice).toEqual([
      {
        userId: u.id,
        method: "password",
        provider: "credentials",
        ip: "203.0.113.20",
        userAgent: FIREFOX_LINUX,
        device: "Firefox|Linux|203.0.113",
      },
    ])
    await new DeviceBrowser(config, FIREFOX_LINUX, "203.0.113.21").signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(newDevice).toHaveLength(1) // seen now
  })

  it("a log that cannot be written does not fail the sign-in: it is counted and warned about once", async () => {
    const u = await user()
    const warn = vi.fn()
    const base = PrismaAdapter(db.prisma)
    const broken: AuthConfig = {
      ...config,
      logger: { warn, error: vi.fn(), debug: vi.fn() },
      adapter: {
        ...base,
        createSecurityEvent: async () => {
          throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" })
        },
      },
    }
    const before = securityLogFailures()
    const browser = new DeviceBrowser(broken, CHROME_MAC, "203.0.113.30")
    const res = await browser.signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(res.headers.get("location")).toBe(ORIGIN)
    expect(browser.sessionValue()).not.toBe("")
    await new DeviceBrowser(broken, CHROME_MAC, "203.0.113.30").signInWithCredentials({ email: u.email, password: PASSWORD })
    expect(securityLogFailures() - before).toBe(2)
    const warnings = warn.mock.calls.filter(([code]) => code === "security-log-write-failed")
    // Earlier tests wrote entries, so this is the first failure of a run: one warning, then quiet.
    expect(warnings).toHaveLength(1)
    expect(warnings[0]![1]).toMatchObject({ operation: "write", code: "SQLITE_IOERR" })
    expect(await entriesOf(u.id)).toEqual([])
  })
})
