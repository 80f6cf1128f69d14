/**
 * A sign-in in flight never outlives a take-back or a reset,
 * replayed on real SQLite and PostgreSQL under both session strategies:
 * the attacker's password check finishes, the owner's reset commits (in
 * another server process: its own configuration and cache), and only then
 * is the attacker's session created: there is none, the answer is the error
 * page with a code, and no session row is left. A pending two-factor sign-in
 * that started before the reset is void too: its correct code is refused.
 */
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beginTwoFactorSetup, confirmTwoFactorSetup, revokeUserSessions, type AuthConfig, type User } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { issueAccountToken } from "@/server/accounts/account-tokens"
import { resetPassword } from "@/server/accounts/password-reset"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET, DATABASE_AND_STRATEGY_CASES } from "./support"

const PASSWORD = "shared-secret-password-6620"

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("a sign-in in flight during a reset (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let n = 0
  const rateLimit = new RateLimiter({ rules: accountRateLimitRules })
  /** Runs between the password check and the session's creation, when set. */
  let afterPasswordCheck: ((user: User) => Promise<void>) | null = null

  let attackerServer: AuthConfig
  let ownerServer: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    attackerServer = instance()
    ownerServer = instance()
  })
  afterAll(() => db.cleanup())

  /** One server process with its own cache (delay 60 s), as every instance of the app. */
  function instance(): AuthConfig {
    return {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy, revocationDelay: 60, revocationCache: new ValidSinceCache() },
      providers: [
        Credentials({
          // A slow authorize(): the owner's reset lands after the password was checked.
          authorize: async (credentials) => {
            const user = await authorizeWithPassword(db.prisma, credentials)
            if (user && afterPasswordCheck) await afterPasswordCheck(user)
            return user
          },
        }),
      ],
    }
  }

  async function account(): Promise<{ id: string; email: string }> {
    const email = `victim-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Owner", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
    return { id: created.user.id, email }
  }

  /** The owner's reset from another server, as the app's action runs it: the server function, then the library's revocation. */
  async function ownersReset(user: { id: string; email: string }): Promise<void> {
    const token = await issueAccountToken(db.prisma, "password-reset", user.email)
    expect(await resetPassword(db.prisma, { token, password: "owners-own-new-password-3391", rateLimit })).toMatchObject({ ok: true })
    await revokeUserSessions(ownerServer, user.id)
  }

  async function sessionOf(browser: Browser): Promise<unknown> {
    return (await browser.send(`${BASE}/session`)).json()
  }

  it("the password check finishes, the reset commits, then the session would be created: there is none", async () => {
    const victim = await account()
    afterPasswordCheck = async () => {
      afterPasswordCheck = null
      await ownersReset(victim)
    }
    const attacker = new Browser(attackerServer)
    const res = await attacker.signInWithCredentials({ email: victim.email, password: PASSWORD })
    expect(afterPasswordCheck).toBeNull()
    // The error page with a code, never a 500, and no session cookie.
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=AccessDenied`)
    expect(attacker.sessionValue()).toBe("")
    expect(await sessionOf(attacker)).toBeNull()
    expect(await db.prisma.session.count({ where: { userId: victim.id } })).toBe(0)
    // The owner signs in with the new password as usual.
    const owner = new Browser(attackerServer)
    const ok = await owner.signInWithCredentials({ email: victim.email, password: "owners-own-new-password-3391" })
    expect(ok.headers.get("location")).not.toContain("error=")
    expect((await sessionOf(owner)) as { user?: { email?: string } }).toMatchObject({ user: { email: victim.email } })
  })

  it("a sign-in that began after the reset is not held back by it", async () => {
    const victim = await account()
    await ownersReset(victim)
    const browser = new Browser(attackerServer)
    const res = await browser.signInWithCredentials({ email: victim.email, password: "owners-own-new-password-3391" })
    expect(res.headers.get("location")).not.toContain("error=")
    expect(await sessionOf(browser)).toMatchObject({ user: { email: victim.email } })
  })

  it("a pending two-factor sign-in started before the reset: its correct code is refused", async () => {
    const victim = await account()
    const setup = await beginTwoFactorSetup(attackerServer, { id: victim.id, email: victim.email })
    const code = (offset: number) =>
      new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 })
    await confirmTwoFactorSetup(attackerServer, victim.id, setup.sealedSecret, code(0))

    // The attacker holds the password and the authenticator: the first step passes.
    const attacker = new Browser(attackerServer)
    const first = await attacker.signInWithCredentials({ email: victim.email, password: PASSWORD })
    expect(first.headers.get("location")).toContain(`${BASE}/two-factor`)
    // The owner resets the password (the address is verified: two-factor stays on).
    await ownersReset(victim)

    const csrfToken = await attacker.csrfToken()
    const second = await attacker.send(`${BASE}/two-factor`, { form: { csrfToken, code: code(1) } })
    expect(second.status).toBe(302)
    expect(second.headers.get("location")).toContain("error=AccessDenied")
    expect(attacker.sessionValue()).toBe("")
    expect(await sessionOf(attacker)).toBeNull()
    expect(await db.prisma.session.count({ where: { userId: victim.id } })).toBe(0)
  })
})
