/**
 * Every re-authentication in the security log, through Auth() on real SQLite
 * and PostgreSQL with both session strategies: on the re-authenticate page
 * (the password, the password and a code, refused and accepted), and the two
 * ways that sign in afresh on a browser already signed in as the user (a
 * passkey, an email link, with the second step when two-factor is on),
 * refused and accepted. Each entry names its method and reads in plain words
 * in Security activity; none holds what was typed. The same passkey or link
 * on a browser signed in as nobody stays a sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Secret, TOTP } from "otpauth"
import { beginTwoFactorSetup, confirmTwoFactorSetup, type AuthConfig, type SecurityEvent } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import Passkey from "@/lib/auth/providers/passkey"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { authorizeWithPassword, userHasPassword } from "@/server/accounts/sign-in"
import { describeSecurityEvent } from "@/server/accounts/security-activity"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, ORIGIN, SECRET, DATABASE_AND_STRATEGY_CASES } from "../support"

const PASSWORD = "correct-horse-battery-9"
const WRONG = "wrong-horse-battery-77"

function codeFor(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("security log of re-authentications (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let config: AuthConfig
  let n = 0

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
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: (credentials) => authorizeWithPassword(db.prisma, credentials),
          hasPassword: ({ id }) => userHasPassword(db.prisma, id),
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
    const email = `reauth-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "User", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
    return { id: created.user.id, email }
  }

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(config)
    expect((await browser.signInWithCredentials({ email, password: PASSWORD })).status).toBe(302)
    return browser
  }

  async function withTwoFactor(u: { id: string; email: string }): Promise<string> {
    const setup = await beginTwoFactorSetup(config, { id: u.id, email: u.email })
    await confirmTwoFactorSetup(config, u.id, setup.sealedSecret, codeFor(setup.secret))
    return setup.secret
  }

  /** The user's entries, oldest first, as Security activity words them. */
  async function activityOf(userId: string): Promise<string[]> {
    const rows = await db.prisma.securityEvent.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })
    return rows.map((row) => describeSecurityEvent(row as SecurityEvent))
  }

  async function reauthenticate(browser: Browser, form: Record<string, string>) {
    return browser.send(`${BASE}/reauthenticate`, { form: { csrfToken: await browser.csrfToken(), callbackUrl: "/settings", ...form } })
  }

  it("the password on the re-authenticate page, wrong then right; never the password in the log", async () => {
    const u = await user()
    const browser = await signedIn(u.email)
    await reauthenticate(browser, { method: "password", password: WRONG })
    await reauthenticate(browser, { method: "password", password: PASSWORD })
    expect(await activityOf(u.id)).toEqual([
      "Signed in with a password",
      "Failed identity confirmation with a password (wrong password)",
      "Identity confirmed with a password",
    ])
    const rows = JSON.stringify(await db.prisma.securityEvent.findMany({ where: { userId: u.id } }))
    expect(rows).not.toContain(WRONG)
    expect(rows).not.toContain(PASSWORD)
  })

  it("two-factor: the password alone, a wrong pair, then password and code; never the code in the log", async () => {
    const u = await user()
    const browser = await signedIn(u.email)
    const secret = await withTwoFactor(u)
    const wrongCode = codeFor(secret, 20)
    await reauthenticate(browser, { method: "password", password: PASSWORD })
    await reauthenticate(browser, { method: "password", password: PASSWORD, code: wrongCode })
    await reauthenticate(browser, { method: "password", password: PASSWORD, code: codeFor(secret, 1) })
    expect(await activityOf(u.id)).toEqual([
      "Signed in with a password",
      "Two-factor authentication turned on",
      "Failed identity confirmation with a password (no code with the password)",
      "Failed identity confirmation with a password (wrong password or code)",
      "Identity confirmed with a password (with an authenticator code)",
    ])
    expect(JSON.stringify(await db.prisma.securityEvent.findMany({ where: { userId: u.id } }))).not.toContain(wrongCode)
  })

  it("a passkey on a browser signed in as its owner: a refused and an accepted re-authentication; elsewhere a sign-in", async () => {
    const u = await user()
    const key = new SoftAuthenticator()
    const owner = await signedIn(u.email)
    const reg = await owner.send(`${BASE}/webauthn-options/passkey?action=register`)
    const { options } = (await reg.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }
    const data = JSON.stringify(key.register(options, { origin: ORIGIN }))
    await owner.send(`${BASE}/callback/passkey`, { form: { action: "register", data, csrfToken: await owner.csrfToken() } })

    const withPasskey = async (browser: Browser, origin: string) => {
      const auth = await browser.send(`${BASE}/webauthn-options/passkey?action=authenticate`)
      const { options: authOptions } = (await auth.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }
      const assertion = JSON.stringify(key.authenticate(authOptions, { origin }))
      return browser.send(`${BASE}/callback/passkey`, {
        form: { action: "authenticate", data: assertion, csrfToken: await browser.csrfToken(), callbackUrl: "/settings" },
      })
    }
    expect((await withPasskey(owner, "https://evil.example")).headers.get("location")).toContain("error=WebAuthnVerificationError")
    expect((await withPasskey(owner, ORIGIN)).headers.get("location")).toBe(`${ORIGIN}/settings`)
    expect((await withPasskey(new Browser(config), ORIGIN)).headers.get("location")).toBe(`${ORIGIN}/settings`)

    expect(await activityOf(u.id)).toEqual([
      "Signed in with a password",
      "Passkey added",
      "Failed identity confirmation with a passkey (passkey not accepted)",
      "Identity confirmed with a passkey",
      "Signed in with a passkey",
    ])
  })

  it("an email link opened on a browser signed in as its owner: a re-authentication; the used link again, a failed one", async () => {
    const u = await user()
    const browser = await signedIn(u.email)
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: u.email, callbackUrl: "/settings" } })
    const link = linkIn(await smtp.waitFor(u.email), `${ORIGIN}${BASE}/callback/nodemailer?`)
    expect((await browser.send(link)).headers.get("location")).toBe(`${ORIGIN}/settings`)
    expect((await browser.send(link)).headers.get("location")).toContain("error=Verification")
    // The same used link in a browser signed in as nobody names nobody for sure: not logged.
    expect((await new Browser(config).send(link)).headers.get("location")).toContain("error=Verification")

    expect(await activityOf(u.id)).toEqual([
      "Signed in with a password",
      "Identity confirmed with an email link",
      "Failed identity confirmation with an email link (link expired or already used)",
    ])
    const token = new URL(link).searchParams.get("token")!
    expect(JSON.stringify(await db.prisma.securityEvent.findMany())).not.toContain(token)
  })

  it("two-factor by email link: the second step's wrong code and the finished confirmation are re-authentications", async () => {
    const u = await user()
    const browser = await signedIn(u.email)
    const secret = await withTwoFactor(u)
    let csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: u.email, callbackUrl: "/settings" } })
    const link = linkIn(await smtp.waitFor(u.email), `${ORIGIN}${BASE}/callback/nodemailer?`)
    expect((await browser.send(link)).headers.get("location")).toContain(`${BASE}/two-factor`)
    csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code: codeFor(secret, 20) } })
    csrfToken = await browser.csrfToken()
    expect((await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code: codeFor(secret, 1) } })).headers.get("location")).toBe(
      `${ORIGIN}/settings`,
    )
    expect(await activityOf(u.id)).toEqual([
      "Signed in with a password",
      "Two-factor authentication turned on",
      "Failed identity confirmation with an authenticator code (wrong authenticator code)",
      "Identity confirmed with an email link (with an authenticator code)",
    ])
  })
})
