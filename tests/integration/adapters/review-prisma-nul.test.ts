/**
 * Lookup keys with U+0000. PostgreSQL text cannot hold that character and
 * rejects the whole query, so a cookie such as `authjs.session-token=%00`
 * (any visitor can send one; a sibling subdomain can plant one) made every
 * lookup throw: each request logged an AdapterError, and sign-out failed with
 * the Configuration error page and never cleared the cookie. No stored key can
 * contain the character, so these lookups find nothing, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createTestDatabase } from "@/tests/helpers/db"

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>

describe.each(["sqlite", "postgresql"] as const)("Prisma adapter lookups with NUL on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    adapter = PrismaAdapter(db.prisma)
  })
  afterAll(() => db?.cleanup())

  const nul = "abc\u0000def"

  it("session lookups find nothing", async () => {
    expect(await adapter.getSessionAndUser(nul)).toBeNull()
    expect(await adapter.updateSession({ sessionToken: nul, expires: new Date() })).toBeNull()
    expect(await adapter.deleteSession(nul)).toBeNull()
  })

  it("user, account, token and authenticator lookups find nothing", async () => {
    expect(await adapter.getUser(nul)).toBeNull()
    expect(await adapter.getUserByEmail(`a\u0000@example.com`)).toBeNull()
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: nul })).toBeNull()
    expect(await adapter.getAccount(nul, "github")).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "a@example.com", token: nul })).toBeNull()
    expect(await adapter.getAuthenticator(nul)).toBeNull()
  })

  it("real rows are still found", async () => {
    const user = await adapter.createUser({ id: "", email: "nul-test@example.com", emailVerified: null })
    const expires = new Date(Date.now() + 60_000)
    await adapter.createSession({ sessionToken: "real-token", userId: user.id, expires })
    expect((await adapter.getSessionAndUser("real-token"))?.user.id).toBe(user.id)
    expect((await adapter.getUserByEmail("nul-test@example.com"))?.id).toBe(user.id)
  })
})
