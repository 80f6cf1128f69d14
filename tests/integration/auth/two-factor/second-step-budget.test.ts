/**
 * The per-user second-step budget cannot lock the owner out.
 * A stranger who has the password starts sign-in after sign-in and types
 * wrong codes until the per-user budget is spent. Past it the page says
 * authenticator codes are paused and keeps the sign-in, so the owner on a
 * new browser still finishes with a recovery code (a budget of its own) or
 * a passkey (none), which the stranger does not have. Replayed through the
 * library's handler on real SQLite and PostgreSQL, with both session
 * strategies: the stranger's budget runs out (even the right code is then
 * refused to strangers), the owner's browser, which passed this user's
 * second step before, still signs in with the right code; right codes do not
 * use the budget up, parallel wrong guesses stay bounded; and the repeated
 * wrong codes raise one alert per window, with a security log entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Secret, TOTP } from "otpauth"
import { beginTwoFactorSetup, confirmTwoFactorSetup, MemoryRateLimitStore, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Passkey from "@/lib/auth/providers/passkey"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { BASE, Browser, ORIGIN, SECRET, DATABASE_AND_STRATEGY_CASES } from "../support"

const PASSWORD = "correct-horse-battery-9"
const KNOWN = "authjs.known-second-step"
const STRANGER_BUDGET = 20
const PER_PENDING = 5

function codeFor(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

/** Six digits no step near now accepts: certainly wrong. */
function wrongCode(secret: string): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => codeFor(secret, offset)))
  let code = 123456
  while (valid.has(String(code))) code++
  return String(code)
}

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("the second step's per-user budget (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let n = 0
  const failures: { userId: string; voided: boolean; alert: boolean }[] = []

  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(async () => {
    await db.cleanup()
  })

  /** Each test has its own counters, as a fresh deployment would. */
  function configWith(rules: NonNullable<Exclude<AuthConfig["rateLimit"], false>>["rules"] = {}): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      rateLimit: { store: new MemoryRateLimitStore(), rules },
      events: { twoFactorFailed: (message) => void failures.push(message) },
      callbacks: { session: ({ session, user, token }) => ({ ...session, user: { ...session.user, id: user?.id ?? token?.sub } }) },
      experimental: { enableWebAuthn: true },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) }), Passkey()],
    }
  }

  async function owner(config: AuthConfig) {
    const email = `budget-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Owner", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    const id = created.user.id
    await db.prisma.user.update({ where: { id }, data: { emailVerified: new Date() } })
    const setup = await beginTwoFactorSetup(config, { id, email })
    const { recoveryCodes } = await confirmTwoFactorSetup(config, id, setup.sealedSecret, codeFor(setup.secret, -1))
    return { id, email, secret: setup.secret, recoveryCodes }
  }

  async function sessionUser(browser: Browser): Promise<string | undefined> {
    const res = await browser.send(`${BASE}/session`)
    return ((await res.json()) as { user?: { id?: string } } | null)?.user?.id
  }

  async function passwordStep(browser: Browser, email: string): Promise<void> {
    const res = await browser.signInWithCredentials({ email, password: PASSWORD, callbackUrl: "/dashboard" })
    expect(res.headers.get("location")).toContain(`${BASE}/two-factor?`)
  }

  /**
   * One code posted to the second step: "signed-in", "wrong" (try again), "paused" (authenticator
   * codes refused unchecked, the sign-in kept) or "void" (sent back to sign in, rate limited).
   */
  async function secondStep(browser: Browser, code: string): Promise<"signed-in" | "wrong" | "paused" | "void"> {
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code } })
    const location = res.headers.get("location") ?? ""
    if (location === `${ORIGIN}/dashboard`) return "signed-in"
    if (location.includes("error=InvalidTwoFactorCode")) return "wrong"
    if (location.includes("error=TwoFactorCodesPaused")) return "paused"
    expect(location).toContain("code=two_factor_rate_limited")
    return "void"
  }

  it("a stranger with the password spends the strangers' budget; the owner's known browser still signs in with the right code", async () => {
    const config = configWith()
    const u = await owner(config)

    // The owner's usual browser: it passed this user's second step once, and is marked for it.
    const usual = new Browser(config)
    await passwordStep(usual, u.email)
    expect(await secondStep(usual, codeFor(u.secret))).toBe("signed-in")
    expect(usual.jar.has(KNOWN)).toBe(true)
    usual.jar.delete(usual.sessionCookieName())

    // The stranger: sign-in after sign-in, five wrong codes each, until the budget is spent.
    const wrong = wrongCode(u.secret)
    const outcomes: string[] = []
    for (let round = 0; round < STRANGER_BUDGET / PER_PENDING; round++) {
      const stranger = new Browser(config)
      await passwordStep(stranger, u.email)
      for (let i = 0; i < PER_PENDING; i++) outcomes.push(await secondStep(stranger, wrong))
    }
    expect(outcomes).toEqual(Array(STRANGER_BUDGET).fill("wrong"))
    // Spent: a stranger's browser is refused even the right authenticator code, unchecked.
    const stranger = new Browser(config)
    await passwordStep(stranger, u.email)
    expect(await secondStep(stranger, codeFor(u.secret, 1))).toBe("paused")
    expect(await sessionUser(stranger)).toBeUndefined()

    // The owner's usual browser has a budget of its own, which the stranger could not touch.
    await passwordStep(usual, u.email)
    expect(await secondStep(usual, codeFor(u.secret, 1))).toBe("signed-in")
    expect(await sessionUser(usual)).toBe(u.id)
  })

  it("the known-browser mark is for one user: another user's mark, or a forged one, is a stranger", async () => {
    const config = configWith({ "two-factor-user": { limit: 1, windowSeconds: 900 } })
    const u = await owner(config)
    const other = await owner(config)
    const browser = new Browser(config)
    await passwordStep(browser, other.email)
    expect(await secondStep(browser, codeFor(other.secret))).toBe("signed-in")
    browser.jar.delete(browser.sessionCookieName())
    // Marked for `other`, it counts as a stranger for `u`: one wrong code spends u's strangers' budget of 1.
    await passwordStep(browser, u.email)
    expect(await secondStep(browser, wrongCode(u.secret))).toBe("wrong")
    expect(await secondStep(browser, codeFor(u.secret))).toBe("paused")
    const forged = new Browser(config)
    forged.jar.set(KNOWN, "not-a-mark")
    await passwordStep(forged, u.email)
    expect(await secondStep(forged, codeFor(u.secret))).toBe("paused")
  })

  it("right codes leave the budget untouched; parallel wrong guesses stay bounded by it", async () => {
    const config = configWith({ "two-factor-user": { limit: 3, windowSeconds: 900 } })
    const u = await owner(config)
    // Five sign-ins from five new browsers, each with a right code: more than the budget of 3.
    for (const code of u.recoveryCodes.slice(0, 5)) {
      const browser = new Browser(config)
      await passwordStep(browser, u.email)
      expect(await secondStep(browser, code)).toBe("signed-in")
      expect(await sessionUser(browser)).toBe(u.id)
    }
    // The budget is whole: a stranger's wrong codes, nine at once from three sign-ins, get 3 checks.
    const strangers = [new Browser(config), new Browser(config), new Browser(config)]
    for (const s of strangers) await passwordStep(s, u.email)
    const wrong = wrongCode(u.secret)
    const outcomes = await Promise.all(strangers.flatMap((s) => [0, 1, 2].map(() => secondStep(s, wrong))))
    expect(outcomes.filter((o) => o === "wrong")).toHaveLength(3)
    expect(outcomes.filter((o) => o === "paused")).toHaveLength(6)
  })

  it("once strangers spent the codes' budget, the owner on a new browser still passes with a recovery code and with a passkey; the strangers do not", async () => {
    const config = configWith()
    const u = await owner(config)
    // The owner's passkey, registered from a signed-in session.
    const key = new SoftAuthenticator()
    const setup = new Browser(config)
    await passwordStep(setup, u.email)
    expect(await secondStep(setup, u.recoveryCodes[9]!)).toBe("signed-in")
    const reg = await setup.send(`${BASE}/webauthn-options/passkey?action=register`)
    const { options } = (await reg.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }
    const data = JSON.stringify(key.register(options, { origin: ORIGIN }))
    const registered = await setup.send(`${BASE}/callback/passkey`, { form: { action: "register", data, csrfToken: await setup.csrfToken() } })
    expect(registered.status).toBe(302)

    const wrong = wrongCode(u.secret)
    for (let round = 0; round < STRANGER_BUDGET / PER_PENDING; round++) {
      const stranger = new Browser(config)
      await passwordStep(stranger, u.email)
      for (let i = 0; i < PER_PENDING; i++) expect(await secondStep(stranger, wrong)).toBe("wrong")
    }

    // A new laptop: its right authenticator code is paused, the page says why and what still works.
    const laptop = new Browser(config)
    await passwordStep(laptop, u.email)
    expect(await secondStep(laptop, codeFor(u.secret, 1))).toBe("paused")
    const pausedPage = await (await laptop.send(`${BASE}/two-factor?error=TwoFactorCodesPaused`)).text()
    expect(pausedPage).toContain("Authenticator codes are paused for this account")
    expect(pausedPage).toContain("Sign in with a passkey")
    expect(await secondStep(laptop, u.recoveryCodes[0]!)).toBe("signed-in")
    expect(await sessionUser(laptop)).toBe(u.id)

    // Another new browser, with the passkey as the second step.
    const tablet = new Browser(config)
    await passwordStep(tablet, u.email)
    expect(await secondStep(tablet, codeFor(u.secret, 2))).toBe("paused")
    const opts = await tablet.send(`${BASE}/webauthn-options/passkey`)
    const { options: authOptions } = (await opts.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }
    const assertion = JSON.stringify(key.authenticate(authOptions, { origin: ORIGIN }))
    const done = await tablet.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data: assertion, csrfToken: await tablet.csrfToken() } })
    expect(done.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionUser(tablet)).toBe(u.id)

    // The strangers' further codes are still refused: authenticator codes paused, made-up recovery codes wrong.
    const stranger = new Browser(config)
    await passwordStep(stranger, u.email)
    expect(await secondStep(stranger, codeFor(u.secret, 1))).toBe("paused")
    expect(await secondStep(stranger, "ABCD-EFGH-JKLM-NPQR")).toBe("wrong")
    expect(await sessionUser(stranger)).toBeUndefined()
  })

  it("recovery codes are bounded too: past their own per-user budget the pending sign-in is void", async () => {
    const config = configWith({ "two-factor-recovery-user": { limit: 2, windowSeconds: 900 } })
    const u = await owner(config)
    const stranger = new Browser(config)
    await passwordStep(stranger, u.email)
    expect(await secondStep(stranger, "ABCD-EFGH-JKLM-NPQR")).toBe("wrong")
    expect(await secondStep(stranger, "ABCD-EFGH-JKLM-NPQS")).toBe("wrong")
    // Even a right recovery code is refused now, and the authenticator codes' budget is untouched.
    expect(await secondStep(stranger, u.recoveryCodes[0]!)).toBe("void")
    const owners = new Browser(config)
    await passwordStep(owners, u.email)
    expect(await secondStep(owners, codeFor(u.secret))).toBe("signed-in")
  })

  it("repeated wrong codes raise one alert per window, with one security log entry in words", async () => {
    const config = configWith()
    const u = await owner(config)
    const wrong = wrongCode(u.secret)
    const outcomes: string[] = []
    for (let round = 0; round < 2; round++) {
      const stranger = new Browser(config)
      await passwordStep(stranger, u.email)
      for (let i = 0; i < PER_PENDING; i++) outcomes.push(await secondStep(stranger, wrong))
    }
    expect(outcomes).toEqual(Array(10).fill("wrong"))
    const mine = failures.filter((f) => f.userId === u.id)
    expect(mine).toHaveLength(10)
    // The fifth wrong code, and only it.
    expect(mine.map((f) => f.alert)).toEqual([false, false, false, false, true, false, false, false, false, false])
    const alerts = await db.prisma.securityEvent.findMany({ where: { userId: u.id, type: "two-factor-failures" } })
    expect(alerts).toEqual([
      expect.objectContaining({ outcome: "failure", method: "totp", provider: "credentials", detail: "5 wrong codes within 15 minutes" }),
    ])
    // Each wrong code is still its own failed sign-in in the log.
    expect(await db.prisma.securityEvent.count({ where: { userId: u.id, type: "sign-in", outcome: "failure" } })).toBe(10)
  })
})
