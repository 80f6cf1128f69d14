// The companions beside @auth/drizzle-adapter, on both databases: the session proof
// follows the session (made, proved again, slid, deleted) and a row next-auth wrote has none; a
// passkey challenge is answered once, also under a concurrent double use.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { authJsAdapter } from "@/lib/auth"
import { sessionProofCompanion } from "@/lib/auth/adapters/companion/session-proof"
import { webAuthnChallengeCompanion } from "@/lib/auth/adapters/companion/webauthn-challenge"
import { createDrizzleDatabase, type DrizzleTestDatabase } from "@/tests/helpers/drizzle-db"

describe.each(["sqlite", "postgresql"] as const)("companions on %s", (provider) => {
  let db: DrizzleTestDatabase
  let userId: string

  beforeAll(async () => {
    db = await createDrizzleDatabase(provider)
    const adapter = authJsAdapter(db.adapter)
    userId = (await adapter.createUser!({ id: "", email: "companion@example.com", emailVerified: null })).id
  }, 30_000)
  afterAll(() => db?.cleanup())

  const inOneDay = () => new Date(Date.now() + 24 * 60 * 60 * 1000)
  const proofRows = (token: string) => db.query(`SELECT "sessionToken" FROM "auth_session_proof" WHERE "sessionToken" = ?`, [token])

  it("records the sign-in, a later proof and the slide, and forgets them with the session", async () => {
    const sessions = sessionProofCompanion(authJsAdapter(db.adapter), db.sql)
    const signedIn = new Date("2030-01-02T03:04:05.000Z")
    const created = await sessions.createSession({ sessionToken: "s-1", userId, expires: inOneDay(), authenticatedAt: signedIn, userAgent: "Firefox/140" })
    // The adapter's own answer, contract fields only: the extra fields never reached its table.
    expect(Object.keys(created).sort()).toEqual(["expires", "sessionToken", "userId"])
    let found = await sessions.getSessionDetails("s-1")
    expect(found?.session.authenticatedAt).toEqual(signedIn)
    expect(found?.session.createdAt).toBeInstanceOf(Date)

    const proved = new Date("2030-01-02T04:00:00.000Z")
    await sessions.updateSession({ sessionToken: "s-1", authenticatedAt: proved })
    const slid = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    await sessions.updateSession({ sessionToken: "s-1", expires: slid })
    found = await sessions.getSessionDetails("s-1")
    expect(found?.session.authenticatedAt).toEqual(proved)
    expect(found?.session.expires.getTime()).toBe(slid.getTime())

    await sessions.deleteSession("s-1")
    expect(await sessions.getSessionDetails("s-1")).toBeNull()
    expect(await proofRows("s-1")).toEqual([])
  })

  it("reads a session next-auth wrote (no proof row) with no known sign-in, so step-up asks again", async () => {
    await authJsAdapter(db.adapter).createSession!({ sessionToken: "from-next-auth", userId, expires: inOneDay() })
    const found = await sessionProofCompanion(authJsAdapter(db.adapter), db.sql).getSessionDetails("from-next-auth")
    expect(found?.user.id).toBe(userId)
    expect(found?.session).toMatchObject({ sessionToken: "from-next-auth", createdAt: null, authenticatedAt: null })
  })

  it("answers a passkey challenge once, also when two uses race", async () => {
    const { useWebAuthnChallenge: answer } = webAuthnChallengeCompanion(db.sql)
    const expires = new Date(Date.now() + 60_000)
    const results = await Promise.all([answer({ challengeHash: "c-1", expires }), answer({ challengeHash: "c-1", expires })])
    expect(results.sort()).toEqual([false, true])
    expect(await answer({ challengeHash: "c-1", expires })).toBe(false)
    expect(await answer({ challengeHash: "c-2", expires })).toBe(true)
  })
})
