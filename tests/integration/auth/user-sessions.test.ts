/**
 * A user's own sessions through the core (database strategy, real SQLite):
 * sign-in records the browser, the list marks the current session, a user
 * revokes their other sessions and never anyone else's, a revoked browser is
 * signed out on its next request, activity is recorded with the expiry slide
 * and not per request, and the jwt strategy has nothing to list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveAuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { listUserSessions, publicSessionId, revokeOtherUserSessions, revokeUserSession } from "@/lib/auth/session/user-sessions"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser } from "./support"

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
const DAY = 24 * 60 * 60 * 1000

describe("a user's own sessions (database strategy)", () => {
  let db: TestDatabase
  let config: AuthConfig
  const users: Record<string, string> = {}

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const adapter = PrismaAdapter(db.prisma)
    for (const name of ["alice", "bob"]) {
      users[name] = (await adapter.createUser({ id: "", email: `${name}@example.com`, emailVerified: null, name })).id
    }
    config = {
      secret: "user-sessions-suite-secret-0123456789abcdef",
      basePath: BASE,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      providers: [
        Credentials({
          authorize: (credentials) => {
            const id = users[String(credentials.user)]
            return id ? { id, email: `${String(credentials.user)}@example.com` } : null
          },
        }),
      ],
    }
  })
  afterAll(() => db.cleanup())

  /** A browser signed in as `user`, sending `userAgent` with every request. */
  async function signedIn(user: string, userAgent = FIREFOX_LINUX): Promise<Browser> {
    const browser = new Browser(config)
    const csrfToken = (await (await browser.send(`${BASE}/csrf`, { headers: { "user-agent": userAgent } })).json()).csrfToken
    const res = await browser.send(`${BASE}/callback/credentials`, { form: { csrfToken, user }, headers: { "user-agent": userAgent } })
    expect(res.status).toBe(302)
    expect(browser.sessionValue()).not.toBe("")
    return browser
  }

  const resolved = () => resolveAuthConfig(config)
  const list = (browser: Browser) => listUserSessions(resolved(), browser.request("/settings"))
  async function sessionOf(browser: Browser) {
    const res = await browser.send(`${BASE}/session`)
    return (await res.json()) as { user?: { email?: string } } | null
  }

  it("lists the user's sessions with browser, system and times, the current one marked", async () => {
    const laptop = await signedIn("alice", FIREFOX_LINUX)
    const phone = await signedIn("alice", SAFARI_IPHONE)
    await signedIn("bob")
    const listing = await list(laptop)
    if (listing.status !== "ok") throw new Error(`unexpected ${listing.status}`)
    expect(listing.sessions).toHaveLength(2)
    const [current, other] = listing.sessions
    expect(current).toMatchObject({ current: true, browser: "Firefox 133", os: "Linux", userAgent: FIREFOX_LINUX })
    expect(other).toMatchObject({ current: false, browser: "Safari 18", os: "iOS" })
    expect(other!.id).toBe(await publicSessionId(phone.sessionValue()))
    for (const s of listing.sessions) {
      expect(Math.abs(s.createdAt!.getTime() - Date.now())).toBeLessThan(60_000)
      expect(s.lastActiveAt).not.toBeNull()
    }
    // The ids are opaque: no session token reaches the page.
    expect(JSON.stringify(listing)).not.toContain(laptop.sessionValue())
    expect(JSON.stringify(listing)).not.toContain(phone.sessionValue())
    // The other device's view marks its own session.
    const fromPhone = await list(phone)
    expect(fromPhone.status === "ok" && fromPhone.sessions.find((s) => s.current)?.id).toBe(other!.id)
  })

  it("revoking another session signs that browser out on its next request", async () => {
    const laptop = await signedIn("alice")
    const phone = await signedIn("alice", SAFARI_IPHONE)
    expect((await sessionOf(phone))?.user?.email).toBe("alice@example.com")
    const id = await publicSessionId(phone.sessionValue())
    expect(await revokeUserSession(resolved(), laptop.request("/settings"), id)).toBe("revoked")
    expect(await sessionOf(phone)).toBeNull()
    expect(phone.sessionValue()).toBe("") // its cookie was cleared
    expect((await sessionOf(laptop))?.user?.email).toBe("alice@example.com")
    expect(await revokeUserSession(resolved(), laptop.request("/settings"), id)).toBe("not-found")
  })

  it("a user can never revoke another user's session, even knowing its id", async () => {
    const mallory = await signedIn("bob")
    const victim = await signedIn("alice")
    const victimId = await publicSessionId(victim.sessionValue())
    expect(await revokeUserSession(resolved(), mallory.request("/settings"), victimId)).toBe("not-found")
    expect(await revokeOtherUserSessions(resolved(), mallory.request("/settings"))).toMatchObject({ status: "ok" })
    expect((await sessionOf(victim))?.user?.email).toBe("alice@example.com")
    // Nor with no session at all, or a made-up cookie.
    const stranger = new Browser(config)
    expect(await revokeUserSession(resolved(), stranger.request("/settings"), victimId)).toBe("signed-out")
    const forged = stranger.request("/settings", { cookie: `authjs.session-token=${victimId}` })
    expect(await revokeUserSession(resolved(), forged, victimId)).toBe("signed-out")
    expect((await sessionOf(victim))?.user?.email).toBe("alice@example.com")
  })

  it("the current session is not revoked by id (signing out ends it)", async () => {
    const laptop = await signedIn("alice")
    const id = await publicSessionId(laptop.sessionValue())
    expect(await revokeUserSession(resolved(), laptop.request("/settings"), id)).toBe("current")
    expect((await sessionOf(laptop))?.user?.email).toBe("alice@example.com")
  })

  it("revoking all others keeps only the current session of that user", async () => {
    const keep = await signedIn("alice")
    const others = [await signedIn("alice"), await signedIn("alice", SAFARI_IPHONE)]
    const bob = await signedIn("bob")
    const before = await db.prisma.session.count({ where: { userId: users.alice } })
    const result = await revokeOtherUserSessions(resolved(), keep.request("/settings"))
    expect(result).toEqual({ status: "ok", revoked: before - 1, cookies: [] })
    for (const browser of others) expect(await sessionOf(browser)).toBeNull()
    expect((await sessionOf(keep))?.user?.email).toBe("alice@example.com")
    expect((await sessionOf(bob))?.user?.email).toBe("bob@example.com")
    const listing = await list(keep)
    expect(listing.status === "ok" && listing.sessions.map((s) => s.current)).toEqual([true])
  })

  it("activity is written when the expiry slides, not on every request", async () => {
    const browser = await signedIn("alice")
    const token = browser.sessionValue()
    const first = await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: token } })
    for (let i = 0; i < 3; i++) await sessionOf(browser)
    const unchanged = await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: token } })
    expect(unchanged.lastActiveAt).toEqual(first.lastActiveAt)
    expect(unchanged.expires).toEqual(first.expires)
    // A day old (default updateAge): the next read slides the expiry and records the activity.
    const dayOld = new Date(first.expires.getTime() - DAY)
    await db.prisma.session.update({ where: { sessionToken: token }, data: { expires: dayOld, lastActiveAt: new Date(Date.now() - DAY) } })
    const before = Date.now()
    await sessionOf(browser)
    const slid = await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: token } })
    expect(slid.expires.getTime()).toBeGreaterThan(dayOld.getTime())
    expect(slid.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it("with the jwt strategy and an adapter that cannot store \"sessions valid since\", there is nothing to list or revoke", async () => {
    // The jwt strategy with the full Prisma adapter revokes: tests/integration/auth/jwt-revocation.test.ts.
    const { getSessionsValidSince: _g, setSessionsValidSince: _s, ...withoutStamp } = PrismaAdapter(db.prisma)
    const jwtConfig: AuthConfig = { ...config, adapter: withoutStamp, session: { strategy: "jwt" } }
    const browser = new Browser(jwtConfig)
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/callback/credentials`, { form: { csrfToken, user: "alice" } })
    const request = browser.request("/settings")
    expect(await listUserSessions(resolveAuthConfig(jwtConfig), request)).toEqual({ status: "jwt", canRevokeOthers: false })
    expect(await revokeUserSession(resolveAuthConfig(jwtConfig), request, "anything")).toBe("jwt")
    expect(await revokeOtherUserSessions(resolveAuthConfig(jwtConfig), request)).toEqual({ status: "jwt" })
  })

  it("an adapter without the listing methods is reported, not guessed around", async () => {
    // Nor the library's own session lookup: with it the adapter stores the session's details.
    const { listSessions: _l, deleteSessions: _d, getSessionDetails: _g, ...older } = PrismaAdapter(db.prisma)
    const olderConfig: AuthConfig = { ...config, adapter: older }
    const browser = new Browser(olderConfig)
    const csrfToken = await browser.csrfToken()
    await browser.send(`${BASE}/callback/credentials`, { form: { csrfToken, user: "alice" } })
    expect((await sessionOf(browser))?.user?.email).toBe("alice@example.com")
    expect(await listUserSessions(resolveAuthConfig(olderConfig), browser.request("/settings"))).toEqual({ status: "unsupported" })
    // Such an adapter is not handed the extra fields at sign-in.
    const row = await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: browser.sessionValue() } })
    expect(row).toMatchObject({ lastActiveAt: null, userAgent: null })
  })
})

