import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import type { AuthConfig } from "@/lib/auth/config/types"
import type { Session } from "@/lib/auth/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

// A session callback that spreads its `session` argument is the common way to
// add fields; under the database strategy that must not hand the row's
// sessionToken or userId to the browser.
describe("database session callback input", () => {
  let db: TestDatabase
  let config: AuthConfig
  let cookie: string

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const adapter = PrismaAdapter(db.prisma)
    config = {
      secret: "session-shape-secret-0123456789abcdefghijkl",
      trustHost: true,
      adapter,
      providers: [],
      callbacks: { session: ({ session, user }) => ({ ...session, user: { ...session.user, id: user.id } }) },
    }
    const user = await adapter.createUser({ id: "", email: "shape@example.com", emailVerified: null, name: "Shape" })
    const row = await adapter.createSession({
      sessionToken: "secret-session-token-value",
      userId: user.id,
      expires: new Date(Date.now() + 86_400_000),
    })
    cookie = `authjs.session-token=${row.sessionToken}`
  })
  afterAll(() => db.cleanup())

  it("gets only user and expires, so a spread leaks nothing", async () => {
    const res = await Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie } }), config)
    const text = await res.text()
    expect(text).not.toContain("secret-session-token-value")
    const body = JSON.parse(text) as Session
    expect(Object.keys(body).sort()).toEqual(["expires", "user"])
    expect(body.user).toMatchObject({ name: "Shape", email: "shape@example.com" })
    expect(typeof body.user?.id).toBe("string")
  })
})
