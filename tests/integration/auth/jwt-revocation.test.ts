/**
 * Revoking jwt sessions through the user's "sessions valid since" instant, on
 * real SQLite and PostgreSQL databases: a token issued before the instant
 * reads as signed out (cookie cleared) and one issued after it is accepted,
 * Auth.js's tokens included; a token without iat is refused once there is an
 * instant; "sign out other sessions" keeps the browser that asked; and two
 * instances (two configurations with caches of their own) on one database see
 * each other's revocations through it, within the configured delay; and a
 * deleted user's tokens read as signed out everywhere.
 */
import { encode as authEncode } from "@auth/core/jwt"
import { EncryptJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveAuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { deriveKey } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"
import { revokeAllUserSessions, revokeOtherUserSessions } from "@/lib/auth/session/user-sessions"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import type { AuthConfig } from "@/lib/auth/config/types"
import type { Session } from "@/lib/auth/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, isDeletion, setCookie } from "./support"

const SECRET = "jwt-revocation-suite-secret-0123456789abcdef"
const COOKIE = "authjs.session-token"

/** Resolves once the clock is in a later whole second than now: iat has whole seconds. */
async function nextSecond(): Promise<void> {
  const now = Date.now()
  await new Promise((resolve) => setTimeout(resolve, 1000 - (now % 1000) + 5))
}

describe.each(["sqlite", "postgresql"] as const)("revoking jwt sessions on %s", (provider) => {
  let db: TestDatabase
  let userId: string
  let clock = 0
  /** Instance A reads the database on every request; B keeps what it read for 60 s of its own clock. */
  let instanceA: AuthConfig
  let instanceB: AuthConfig

  function instance(revocationDelay: number, cache: ValidSinceCache): AuthConfig {
    return {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "jwt", revocationDelay, revocationCache: cache },
      providers: [Credentials({ authorize: (c) => (c.user === "ada" ? { id: userId, email: "ada@example.com" } : null) })],
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    userId = (await PrismaAdapter(db.prisma).createUser({ id: "", email: "ada@example.com", emailVerified: null, name: "Ada" })).id
    instanceA = instance(0, new ValidSinceCache())
    // B's clock moves only when a test moves it: with real time added, the seconds a test
    // spends waiting for the next whole second would age B's entry past its 60 s early.
    const start = Date.now()
    instanceB = instance(60, new ValidSinceCache({ now: () => start + clock }))
  })
  afterAll(() => db.cleanup())

  async function signedIn(config: AuthConfig): Promise<Browser> {
    const browser = new Browser(config)
    const res = await browser.signInWithCredentials({ user: "ada" })
    expect(res.status).toBe(302)
    expect(browser.sessionValue()).not.toBe("")
    return browser
  }

  async function sessionOf(browser: Browser, config: AuthConfig = browser.config): Promise<{ session: Session | null; res: Response }> {
    const res = await new Browser(config).send(`${BASE}/session`, { cookie: browser.cookieHeader(), keepJar: true })
    expect(res.status).toBe(200)
    return { session: (await res.json()) as Session | null, res }
  }

  async function stampInDatabase(): Promise<Date | null> {
    return (await db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).sessionsValidSince
  }

  it("the Prisma adapter: null until set, unknown or odd user ids read as \"no-such-user\", setting one for an unknown user is no error but false", async () => {
    const adapter = PrismaAdapter(db.prisma)
    const fresh = (await adapter.createUser({ id: "", email: "fresh@example.com", emailVerified: null })).id
    expect(await adapter.getSessionsValidSince(fresh)).toBeNull()
    expect(await adapter.getSessionsValidSince("no-such-user")).toBe("no-such-user")
    expect(await adapter.getSessionsValidSince("nul\u0000id")).toBe("no-such-user")
    expect(await adapter.setSessionsValidSince("no-such-user", new Date())).toBe(false)
    const at = new Date("2026-11-26T10:00:00.000Z")
    expect(await adapter.setSessionsValidSince(fresh, at)).toBe(true)
    expect(await adapter.getSessionsValidSince(fresh)).toEqual(at)
  })

  it("a deleted user's token reads as signed out: in another instance through the database, and at once in the one that deleted, even within the same second", async () => {
    const adapter = PrismaAdapter(db.prisma)
    const doomedId = (await adapter.createUser({ id: "", email: "doomed@example.com", emailVerified: null })).id
    const config = (delay: number) => ({
      ...instance(delay, new ValidSinceCache()),
      providers: [Credentials({ authorize: () => ({ id: doomedId, email: "doomed@example.com" }) })],
    })
    const here = config(60)
    const elsewhere = config(0)
    const browser = new Browser(here)
    expect((await browser.signInWithCredentials({ user: "any" })).status).toBe(302)
    expect((await sessionOf(browser, here)).session?.user?.email).toBe("doomed@example.com")
    expect((await sessionOf(browser, elsewhere)).session?.user?.email).toBe("doomed@example.com")

    await db.prisma.user.delete({ where: { id: doomedId } })
    await revokeAllUserSessions(resolveAuthConfig(here), doomedId)
    const { session, res } = await sessionOf(browser, here)
    expect(session).toBeNull()
    const cleared = setCookie(res, COOKIE)
    expect(cleared && isDeletion(cleared)).toBe(true)
    expect((await sessionOf(browser, elsewhere)).session).toBeNull()
    // A process that never read this user before learns it from the database alone.
    expect((await sessionOf(browser, config(60))).session).toBeNull()
  })

  it("a token issued before the instant reads as signed out and its cookie is cleared; one issued after is accepted", async () => {
    const before = await signedIn(instanceA)
    expect((await sessionOf(before)).session?.user?.email).toBe("ada@example.com")
    const result = await revokeAllUserSessions(resolveAuthConfig(instanceA), userId)
    expect(result).toEqual({ status: "ok", revoked: null })
    const stamp = await stampInDatabase()
    expect(stamp?.getTime()).toBeLessThanOrEqual(Date.now())
    // Milliseconds as they were: no truncation to the second.
    expect(Math.abs(stamp!.getTime() - Date.now())).toBeLessThan(5_000)

    const { session, res } = await sessionOf(before)
    expect(session).toBeNull()
    const cleared = setCookie(res, COOKIE)
    expect(cleared && isDeletion(cleared)).toBe(true)

    const after = await signedIn(instanceA)
    expect((await sessionOf(after)).session?.user?.email).toBe("ada@example.com")
  })

  it("Auth.js tokens (no validFrom) are checked by their iat: one of an earlier second is refused, one of a later second accepted", async () => {
    const claims = { name: "Ada", email: "ada@example.com", sub: userId }
    const old = await authEncode({ token: claims, secret: SECRET, salt: COOKIE })
    await revokeAllUserSessions(resolveAuthConfig(instanceA), userId)
    // iat has whole seconds: only a token of a later second than the instant is surely after it.
    await nextSecond()
    const fresh = await authEncode({ token: claims, secret: SECRET, salt: COOKIE })
    const read = async (token: string) =>
      (await (await new Browser(instanceA).send(`${BASE}/session`, { cookie: `${COOKIE}=${token}` })).json()) as Session | null
    expect(await read(old)).toBeNull()
    expect((await read(fresh))?.user?.email).toBe("ada@example.com")
  })

  it("a token without iat is accepted while the user has no instant and refused once there is one", async () => {
    const { key, kid } = await deriveKey(SECRET, COOKIE)
    const withoutIat = await new EncryptJWT({ email: "ada@example.com", sub: "" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .setExpirationTime("1h")
      .encrypt(key)
    const stranger = (await PrismaAdapter(db.prisma).createUser({ id: "", email: "noiat@example.com", emailVerified: null })).id
    const token = await new EncryptJWT({ email: "noiat@example.com", sub: stranger })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .setExpirationTime("1h")
      .encrypt(key)
    const read = async (value: string) =>
      (await (await new Browser(instanceA).send(`${BASE}/session`, { cookie: `${COOKIE}=${value}` })).json()) as Session | null
    expect((await read(token))?.user?.email).toBe("noiat@example.com")
    await revokeAllUserSessions(resolveAuthConfig(instanceA), stranger)
    expect(await read(token)).toBeNull()
    // No subject names no user: nothing can be revoked for it, and it is read as before.
    expect((await read(withoutIat))?.user?.email).toBe("ada@example.com")
  })

  it("\"sign out other sessions\" ends every other browser and keeps this one, with a new cookie", async () => {
    const keep = await signedIn(instanceA)
    const other = await signedIn(instanceA)
    const stolenCopy = keep.cookieHeader()
    const result = await revokeOtherUserSessions(resolveAuthConfig(instanceA), keep.request("/settings"))
    expect(result).toMatchObject({ status: "ok", revoked: null })
    if (result.status !== "ok") throw new Error("unreachable")
    // The new cookie replaces this browser's; nothing else has to happen for it to stay signed in.
    expect(result.cookies.map((c) => c.name)).toEqual([COOKIE])
    keep.jar.set(COOKIE, result.cookies[0].value)

    expect((await sessionOf(keep)).session?.user?.email).toBe("ada@example.com")
    expect((await sessionOf(other)).session).toBeNull()
    // A copy of this browser's old cookie is as revoked as any other.
    const copy = await new Browser(instanceA).send(`${BASE}/session`, { cookie: stolenCopy })
    expect(await copy.json()).toBeNull()
    // A browser already signed out cannot revoke anything.
    expect(await revokeOtherUserSessions(resolveAuthConfig(instanceA), other.request("/settings"))).toEqual({ status: "signed-out" })
  })

  it("another instance sees a revocation through the database: at once with delay 0, within its delay otherwise", async () => {
    const browser = await signedIn(instanceA)
    const instanceC = instance(0, new ValidSinceCache())
    // B and C (other processes, their own caches) have read this user's instant and accept the token.
    expect((await sessionOf(browser, instanceB)).session?.user?.email).toBe("ada@example.com")
    expect((await sessionOf(browser, instanceC)).session?.user?.email).toBe("ada@example.com")

    await revokeAllUserSessions(resolveAuthConfig(instanceA), userId)
    // A (which revoked) and C (delay 0) refuse it on their next read.
    expect((await sessionOf(browser, instanceA)).session).toBeNull()
    expect((await sessionOf(browser, instanceC)).session).toBeNull()
    // B goes on with what it read until that is 60 s old on its clock, then reads the database.
    expect((await sessionOf(browser, instanceB)).session?.user?.email).toBe("ada@example.com")
    clock += 59_000
    expect((await sessionOf(browser, instanceB)).session?.user?.email).toBe("ada@example.com")
    clock += 1_000
    expect((await sessionOf(browser, instanceB)).session).toBeNull()
  })

  it("an instant written by another process straight into the database is honoured", async () => {
    const browser = await signedIn(instanceA)
    await db.prisma.user.update({ where: { id: userId }, data: { sessionsValidSince: new Date() } })
    expect((await sessionOf(browser, instanceA)).session).toBeNull()
  })
})
