/**
 * The library's one revocation call (revokeUserSessions), replayed as the
 * attacker meets it, on real SQLite and PostgreSQL under both session
 * strategies: the owner resets the password from another browser (the app's
 * server function, then the library's call, as the app's action does) and
 * the attacker's very next request to the same process, whose revocation
 * delay is 60 s, reads signed out. Under jwt: a token refreshed just before
 * the revocation stays refused after it; an instance whose cache is stale
 * accepts an old token for up to its delay and re-issues it, but the
 * re-issued token is refused by a fresh instance and by the stale one once it
 * re-reads; the browser that revoked keeps working everywhere. A token from
 * before the `validFrom` claim keeps counting from its old `iat`. While the
 * database cannot be read, nothing is re-issued and no update accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decode, encode, DatabaseUnavailable, revokeUserSessions, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import type { Session } from "@/lib/auth/types"
import { issueAccountToken } from "@/server/accounts/account-tokens"
import { resetPassword } from "@/server/accounts/password-reset"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, isDeletion, SECRET, setCookie, DATABASE_AND_STRATEGY_CASES } from "./support"

const PASSWORD = "attacker-knows-this-4417"
const COOKIE = "authjs.session-token"

const cases = DATABASE_AND_STRATEGY_CASES

describe.each(cases)("revoking a user's sessions (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let n = 0
  const rateLimit = new RateLimiter({ rules: accountRateLimitRules })

  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(() => db.cleanup())

  /** One server process: its own cache of "sessions valid since", kept `delay` seconds (of `now`). */
  function instance(options: { delay?: number; now?: () => number; updateAge?: number; adapter?: AuthConfig["adapter"] } = {}): AuthConfig {
    return {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: options.adapter ?? PrismaAdapter(db.prisma),
      session: {
        strategy,
        revocationDelay: options.delay ?? 60,
        revocationCache: new ValidSinceCache(options.now ? { now: options.now } : {}),
        ...(options.updateAge !== undefined ? { updateAge: options.updateAge } : {}),
      },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  }

  async function account(): Promise<{ id: string; email: string }> {
    const email = `owner-${provider}-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Owner", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    return { id: created.user.id, email }
  }

  async function signedIn(config: AuthConfig, email: string): Promise<Browser> {
    const browser = new Browser(config)
    const res = await browser.signInWithCredentials({ email, password: PASSWORD })
    expect(res.headers.get("location")).not.toContain("error=")
    expect(browser.sessionValue()).not.toBe("")
    return browser
  }

  /** The session the browser's cookie opens on the instance it signed in to; it keeps any cookie it is given. */
  async function sessionOf(browser: Browser): Promise<Session | null> {
    const res = await browser.send(`${BASE}/session`)
    expect(res.status).toBe(200)
    return (await res.json()) as Session | null
  }

  /** The same cookies sent to another instance. */
  async function sessionElsewhere(config: AuthConfig, browser: Browser): Promise<{ session: Session | null; res: Response }> {
    const res = await new Browser(config).send(`${BASE}/session`, { cookie: browser.cookieHeader(), keepJar: true })
    expect(res.status).toBe(200)
    return { session: (await res.json()) as Session | null, res }
  }

  it("the owner's reset from another browser: the attacker's very next request to the same process reads signed out", async () => {
    const owner = await account()
    const server = instance({ delay: 60 })
    const attacker = await signedIn(server, owner.email)
    // The process has read the user's instant: for the next 60 s it would not ask the database again.
    expect((await sessionOf(attacker))?.user?.email).toBe(owner.email)

    const token = await issueAccountToken(db.prisma, "password-reset", owner.email)
    expect(await resetPassword(db.prisma, { token, password: "the-owners-new-password-8812", rateLimit })).toMatchObject({ ok: true })
    // What the app's reset action does once the reset has committed.
    expect(await revokeUserSessions(server, owner.id)).toMatchObject({ status: "ok", kept: false, cookies: [] })

    // No pause: the same second as the sign-in, and still refused.
    const res = await attacker.send(`${BASE}/session`)
    expect(await res.json()).toBeNull()
    const cleared = setCookie(res, COOKIE)
    expect(cleared && isDeletion(cleared)).toBe(true)
    expect(await db.prisma.session.count({ where: { userId: owner.id } })).toBe(0)
    const stamp = (await db.prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).sessionsValidSince
    expect(Math.abs(stamp!.getTime() - Date.now())).toBeLessThan(5_000)
  })

  it("with keep, the browser that revokes stays signed in and every other session, a copy of its own old cookie too, ends", async () => {
    const owner = await account()
    const server = instance({ delay: 60 })
    const keeper = await signedIn(server, owner.email)
    const other = await signedIn(server, owner.email)
    const oldCopy = keeper.cookieHeader()
    expect((await sessionOf(other))?.user?.email).toBe(owner.email)

    const result = await revokeUserSessions(server, owner.id, { request: keeper.request("/settings"), keep: true })
    if (result.status !== "ok") throw new Error(result.status)
    expect(result.kept).toBe(true)
    expect(result.revoked).toBe(strategy === "database" ? 1 : null)
    expect(result.cookies.length).toBe(strategy === "jwt" ? 1 : 0)
    for (const cookie of result.cookies) keeper.jar.set(cookie.name, cookie.value)

    expect((await sessionOf(keeper))?.user?.email).toBe(owner.email)
    expect(await sessionOf(other)).toBeNull()
    // jwt: a copy of this browser's cookie from before is as revoked as any other (database: the same row, kept).
    const copy = (await (await new Browser(server).send(`${BASE}/session`, { cookie: oldCopy })).json()) as Session | null
    expect(copy?.user?.email ?? null).toBe(strategy === "jwt" ? null : owner.email)
  })

  it("with keep, a request signed in as someone else keeps nothing: every session of the user ends", async () => {
    const owner = await account()
    const stranger = await account()
    const server = instance({ delay: 60 })
    const ownerBrowser = await signedIn(server, owner.email)
    const strangerBrowser = await signedIn(server, stranger.email)
    const result = await revokeUserSessions(server, owner.id, { request: strangerBrowser.request("/settings"), keep: true })
    expect(result).toMatchObject({ status: "ok", kept: false, cookies: [] })
    expect(await sessionOf(ownerBrowser)).toBeNull()
    expect((await sessionOf(strangerBrowser))?.user?.email).toBe(stranger.email)
  })

  describe.runIf(strategy === "jwt")("jwt: a revoked token can never become valid again", () => {
    it("a token refreshed just before the revocation (the same second) is refused after it", async () => {
      const owner = await account()
      // updateAge 0: every read re-issues the token, as a refresh does once updateAge has passed.
      const server = instance({ delay: 60, updateAge: 0 })
      const attacker = await signedIn(server, owner.email)
      const before = attacker.sessionValue()
      expect((await sessionOf(attacker))?.user?.email).toBe(owner.email)
      const refreshed = attacker.sessionValue()
      expect(refreshed).not.toBe(before)
      const claims = await decode({ token: refreshed, secret: SECRET, salt: COOKIE })
      // The refresh carried the sign-in's validFrom; its iat is now, in the revocation's second.
      expect(claims?.validFrom).toBeTypeOf("number")
      expect(claims!.validFrom as number).toBeLessThanOrEqual(Date.now())

      await revokeUserSessions(server, owner.id)
      expect(Math.floor(Date.now() / 1000) - (claims!.iat as number)).toBeLessThanOrEqual(1)
      expect(await sessionOf(attacker)).toBeNull()
    })

    it("a stale instance re-issues an old token, but the re-issued token is refused by a fresh instance and by the stale one once it re-reads; the revoking browser keeps working", async () => {
      const owner = await account()
      let clock = 0
      const start = Date.now()
      const fresh = instance({ delay: 0 })
      const stale = instance({ delay: 60, updateAge: 0, now: () => start + clock })
      const attacker = await signedIn(fresh, owner.email)
      const keeper = await signedIn(fresh, owner.email)
      // The stale instance reads the user's instant (none yet) and keeps it for 60 s of its clock.
      expect((await sessionElsewhere(stale, attacker)).session?.user?.email).toBe(owner.email)

      const result = await revokeUserSessions(fresh, owner.id, { request: keeper.request("/settings"), keep: true })
      if (result.status !== "ok") throw new Error(result.status)
      for (const cookie of result.cookies) keeper.jar.set(cookie.name, cookie.value)

      // Within its delay the stale instance still accepts the old token, and re-issues it (updateAge 0)…
      const laundering = await new Browser(stale).send(`${BASE}/session`, { cookie: attacker.cookieHeader(), keepJar: true })
      expect(((await laundering.json()) as Session | null)?.user?.email).toBe(owner.email)
      const reissued = setCookie(laundering, COOKIE)
      expect(reissued && !isDeletion(reissued)).toBe(true)
      attacker.jar.set(COOKIE, reissued!.value)
      // … and an update() there too.
      const csrfToken = await attacker.csrfToken()
      const updated = await new Browser(stale).send(`${BASE}/session`, { json: { csrfToken, data: { name: "x" } }, cookie: attacker.cookieHeader(), keepJar: true })
      expect(updated.status).toBe(200)
      const updatedCookie = setCookie(updated, COOKIE)
      expect(updatedCookie && !isDeletion(updatedCookie)).toBe(true)

      // The re-issued tokens carry the old validFrom: the fresh instance refuses both at once.
      for (const value of [reissued!.value, updatedCookie!.value]) {
        const claims = await decode({ token: decodeURIComponent(value), secret: SECRET, salt: COOKIE })
        expect(claims!.validFrom as number).toBeLessThan(result.instant!.getTime())
        const res = await new Browser(fresh).send(`${BASE}/session`, { cookie: `${COOKIE}=${value}` })
        expect(await res.json()).toBeNull()
      }
      // The stale instance refuses them once its entry is older than the delay and it reads the database.
      clock += 60_000
      for (const value of [reissued!.value, updatedCookie!.value]) {
        const res = await new Browser(stale).send(`${BASE}/session`, { cookie: `${COOKIE}=${value}` })
        expect(await res.json()).toBeNull()
      }
      // The browser that revoked is valid everywhere.
      expect((await sessionElsewhere(fresh, keeper)).session?.user?.email).toBe(owner.email)
      expect((await sessionElsewhere(stale, keeper)).session?.user?.email).toBe(owner.email)
    })

    it("a token from before the validFrom claim is re-issued counting from its old iat, never from now", async () => {
      const owner = await account()
      const server = instance({ delay: 0, updateAge: 0 })
      const old = await encode({ token: { sub: owner.id, email: owner.email, name: "Owner" }, secret: SECRET, salt: COOKIE })
      const oldClaims = await decode({ token: old, secret: SECRET, salt: COOKIE })
      expect(oldClaims?.validFrom).toBeUndefined()
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const browser = new Browser(server)
      browser.jar.set(COOKIE, old)
      expect((await sessionOf(browser))?.user?.email).toBe(owner.email)
      const reissued = await decode({ token: browser.sessionValue(), secret: SECRET, salt: COOKIE })
      expect(reissued?.iat).toBeGreaterThan(oldClaims!.iat as number)
      expect(reissued?.validFrom).toBe((oldClaims!.iat as number) * 1000)
      await revokeUserSessions(server, owner.id)
      expect(await sessionOf(browser)).toBeNull()
    })

    it("while the database cannot be read, the token is read but not re-issued, and an update is refused with a 503", async () => {
      const owner = await account()
      const prisma = PrismaAdapter(db.prisma)
      let down = false
      const adapter = {
        ...prisma,
        getSessionsValidSince: async (userId: string) => {
          if (down) throw new DatabaseUnavailable("the database does not answer")
          return prisma.getSessionsValidSince(userId)
        },
      }
      const server = instance({ delay: 0, updateAge: 0, adapter })
      const browser = await signedIn(server, owner.email)
      const res = await browser.send(`${BASE}/session`)
      expect(setCookie(res, COOKIE)).toBeDefined()
      down = true
      const during = await browser.send(`${BASE}/session`)
      expect(((await during.json()) as Session | null)?.user?.email).toBe(owner.email)
      expect(setCookie(during, COOKIE)).toBeUndefined()
      const csrfToken = await browser.csrfToken()
      const update = await browser.send(`${BASE}/session`, { json: { csrfToken, data: { name: "x" } } })
      expect(update.status).toBe(503)
      expect(setCookie(update, COOKIE)).toBeUndefined()
      down = false
      const after = await browser.send(`${BASE}/session`)
      expect(setCookie(after, COOKIE)).toBeDefined()
    })
  })
})
