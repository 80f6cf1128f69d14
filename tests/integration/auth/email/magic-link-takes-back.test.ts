/**
 * A magic link is a proof of the mailbox. On an account whose address was
 * never verified, the owner following it from a browser that is not signed
 * in to that account takes the account back: the attacker who signed up
 * first with the owner's address loses the password, the passkey, the
 * linked account and every session, jwt included. Real SQLite, real SMTP,
 * the app's own authorize() and take-back, both session strategies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { removeCredentials } from "@/server/accounts/take-back"
import { signUp } from "@/server/accounts/users"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import Passkey from "@/lib/auth/providers/passkey"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, ORIGIN } from "../support"

const ATTACKER_PASSWORD = "attacker-password-9182"

describe.each(["database", "jwt"] as const)("a magic link takes an unverified account back (%s sessions)", (strategy) => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let config: AuthConfig
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
    config = {
      secret: "takes-back-suite-secret-0123456789abcdef",
      trustHost: true,
      rateLimit: false,
      basePath: BASE,
      experimental: { enableWebAuthn: true },
      adapter: { ...PrismaAdapter(db.prisma), removeCredentials: (userId) => removeCredentials(db.prisma, userId) },
      session: { strategy },
      callbacks: {
        session: ({ session, user, token }) => ({ ...session, user: { ...session.user, id: user?.id ?? token?.sub } }),
      },
      providers: [
        Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) }),
        Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" }),
        Passkey(),
      ],
    }
  })
  afterAll(async () => {
    await smtp.close()
    await db.cleanup()
  })
  beforeEach(() => {
    smtp.mails.length = 0
  })

  async function session(browser: Browser): Promise<{ user?: { id?: string; email?: string | null } } | null> {
    const res = await browser.send(`${BASE}/session`)
    expect(res.status).toBe(200)
    return (await res.json()) as { user?: { id?: string; email?: string | null } } | null
  }

  async function followMagicLink(browser: Browser, email: string): Promise<void> {
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email, callbackUrl: "/dashboard" } })
    expect(res.status).toBe(302)
    const link = linkIn(await smtp.waitFor(email), `${ORIGIN}${BASE}/callback/nodemailer?`)
    expect((await browser.send(link)).status).toBe(302)
  }

  /** The attacker signs up first with the victim's address, adds a passkey and a linked account, and signs in. */
  async function attacker() {
    const email = `victim-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Attacker", password: ATTACKER_PASSWORD })
    if (!created.ok) throw new Error(created.message)
    const userId = created.user.id
    await db.prisma.authenticator.create({
      data: {
        credentialID: `cred-${strategy}-${n}`, userId, providerAccountId: `cred-${strategy}-${n}`, credentialPublicKey: "pk",
        counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false,
      },
    })
    await db.prisma.account.create({ data: { userId, type: "oidc", provider: "oidc", providerAccountId: `eve-${strategy}-${n}` } })
    const browser = new Browser(config)
    expect((await browser.signInWithCredentials({ email, password: ATTACKER_PASSWORD })).status).toBe(302)
    expect((await session(browser))?.user?.id).toBe(userId)
    return { email, userId, browser }
  }

  it("the owner's magic link removes the attacker's password, passkey, linked account and session", async () => {
    // No pause: the revocation has milliseconds, so even a jwt issued in the same second is refused.
    const { email, userId, browser: eve } = await attacker()

    const owner = new Browser(config)
    await followMagicLink(owner, email)
    expect((await session(owner))?.user).toMatchObject({ id: userId, email })

    expect(await session(eve)).toBeNull()
    expect((await eve.signInWithCredentials({ email, password: ATTACKER_PASSWORD })).headers.get("location")).toContain("error=")
    expect(await db.prisma.authenticator.count({ where: { userId } })).toBe(0)
    expect(await db.prisma.account.count({ where: { userId } })).toBe(0)
    const user = await db.prisma.user.findUnique({ where: { id: userId } })
    expect(user).toMatchObject({ passwordHash: null })
    expect(user?.emailVerified).toBeInstanceOf(Date)
  })

  it("an attacker's passkey sign-up with the owner's address stops signing in once the owner follows a magic link", async () => {
    const email = `passkey-victim-${strategy}@example.test`
    const key = new SoftAuthenticator()
    const eve = new Browser(config)
    const reg = await eve.send(`${BASE}/webauthn-options/passkey?${new URLSearchParams({ action: "register", email })}`)
    expect(reg.status).toBe(200)
    const { options: regOptions } = (await reg.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }
    const csrf = await eve.csrfToken()
    const data = JSON.stringify(key.register(regOptions, { origin: ORIGIN }))
    expect((await eve.send(`${BASE}/callback/passkey`, { form: { action: "register", data, csrfToken: csrf, callbackUrl: "/" } })).status).toBe(302)
    const userId = (await session(eve))?.user?.id
    expect(userId).toBeTruthy()

    await followMagicLink(new Browser(config), email)
    expect(await session(eve)).toBeNull()

    // The passkey no longer signs in to anything.
    const again = new Browser(config)
    const auth = await again.send(`${BASE}/webauthn-options/passkey?action=authenticate`)
    const { options: authOptions } = (await auth.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }
    const csrf2 = await again.csrfToken()
    const assertion = JSON.stringify(key.authenticate(authOptions, { origin: ORIGIN }))
    const res = await again.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data: assertion, csrfToken: csrf2, callbackUrl: "/" } })
    expect(res.headers.get("location")).toContain("code=unknown_credential")
    expect(await session(again)).toBeNull()
  })

  it("the account's own holder proving the address in their signed-in browser keeps what they set up", async () => {
    const { email, userId, browser: holder } = await attacker()
    await followMagicLink(holder, email)
    expect((await session(holder))?.user?.id).toBe(userId)
    expect(await db.prisma.authenticator.count({ where: { userId } })).toBe(1)
    expect(await db.prisma.account.count({ where: { userId } })).toBe(1)
    expect((await db.prisma.user.findUnique({ where: { id: userId } }))?.passwordHash).not.toBeNull()
  })

  it("on a verified account a magic link changes nothing but signing in", async () => {
    const { email, userId, browser: holder } = await attacker()
    await db.prisma.user.update({ where: { id: userId }, data: { emailVerified: new Date() } })
    await followMagicLink(new Browser(config), email)
    expect((await session(holder))?.user?.id).toBe(userId)
    expect(await db.prisma.authenticator.count({ where: { userId } })).toBe(1)
  })
})
