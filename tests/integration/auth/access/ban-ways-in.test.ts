/**
 * A ban refuses the ways in that do not end in the password form, both strategies on
 * SQLite: a pending two-factor sign-in started before the ban cannot be finished with a correct
 * code, a banned two-factor user is refused before being asked for a code, and an email link
 * signs nobody in. (Passkey and OAuth sign-ins end in the same createSession call.)
 */
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { banUser, beginTwoFactorSetup, confirmTwoFactorSetup, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, SECRET } from "../support"

const PASSWORD = "ban-ways-in-password-7781"

describe.each(["database", "jwt"] as const)("a ban and the other ways in (sqlite, %s sessions)", (strategy) => {
  let db: TestDatabase
  let n = 0
  let config: AuthConfig
  const links: string[] = []

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    config = {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy, revocationDelay: 60, revocationCache: new ValidSinceCache() },
      providers: [
        Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) }),
        Nodemailer({ server: "smtp://127.0.0.1:1", from: "auth@example.test", sendVerificationRequest: async ({ url }) => void links.push(url) }),
      ],
    }
  })
  afterAll(() => db.cleanup())

  async function account(): Promise<{ id: string; email: string }> {
    const email = `banned-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Someone", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
    return { id: created.user.id, email }
  }

  async function withTwoFactor(user: { id: string; email: string }) {
    const setup = await beginTwoFactorSetup(config, user)
    const code = (offset: number) =>
      new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 })
    await confirmTwoFactorSetup(config, user.id, setup.sealedSecret, code(0))
    return code
  }

  it("a pending two-factor sign-in started before the ban: its correct code is refused as suspended", async () => {
    const user = await account()
    const code = await withTwoFactor(user)
    const browser = new Browser(config)
    const first = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
    expect(first.headers.get("location")).toContain(`${BASE}/two-factor`)
    await banUser(config, user.id, { reason: "r", until: null })
    const csrfToken = await browser.csrfToken()
    const second = await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code: code(1) } })
    expect(second.headers.get("location")).toContain("error=AccountSuspended")
    expect(browser.sessionValue()).toBe("")
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
  })

  it("a banned two-factor user is refused before the second step", async () => {
    const user = await account()
    await withTwoFactor(user)
    await banUser(config, user.id, { reason: "r", until: null })
    const browser = new Browser(config)
    const res = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
    expect(res.headers.get("location")).toContain("error=AccountSuspended")
    expect(res.headers.get("location")).not.toContain("two-factor")
  })

  it("an email link signs a banned user nowhere", async () => {
    const user = await account()
    await banUser(config, user.id, { reason: "r", until: null })
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: user.email } })
    const link = links.at(-1)
    expect(link).toBeDefined()
    const url = new URL(link!)
    const res = await browser.send(url.pathname + url.search)
    // The link may first ask for a confirming POST (mail scanners follow links); follow it as a browser would.
    let location = res.headers.get("location") ?? ""
    if (res.status === 200) {
      const form = await browser.csrfToken()
      const confirmed = await browser.send(url.pathname, { form: { csrfToken: form, ...Object.fromEntries(url.searchParams) } })
      location = confirmed.headers.get("location") ?? ""
    }
    expect(location).toContain("error=AccountSuspended")
    expect(browser.sessionValue()).toBe("")
  })
})
