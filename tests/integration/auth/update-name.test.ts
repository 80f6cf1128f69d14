import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import type { AuthConfig } from "@/lib/auth/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

// POST /session (database strategy) writes the display name under the same rule as
// sign-up and settings: a name that breaks it is refused with 400, and nothing is stored.
describe("database update flow: display names", () => {
  let db: TestDatabase
  let config: AuthConfig
  let userId: string
  const cookies = "authjs.session-token=name-session; authjs.csrf-token="

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const adapter = PrismaAdapter(db.prisma)
    config = { secret: "update-name-secret-0123456789abcdefghijk", trustHost: true, adapter, providers: [], logger: { error: () => {} } }
    const user = await adapter.createUser({ id: "", email: "name@example.com", emailVerified: null, name: "Original" })
    userId = user.id
    await adapter.createSession({ sessionToken: "name-session", userId, expires: new Date(Date.now() + 86_400_000) })
  })
  afterAll(() => db.cleanup())

  async function update(name: unknown) {
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
    const csrfCookie = decodeURIComponent(csrf.headers.getSetCookie()[0].split(";")[0].split("=")[1])
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const res = await Auth(
      new Request("http://localhost:3000/auth/session", {
        method: "POST",
        headers: { cookie: `${cookies}${encodeURIComponent(csrfCookie)}`, "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, data: { name } }),
      }),
      config,
    )
    const rows = await db.prisma.$queryRaw<Array<{ hex: string }>>`SELECT hex(name) AS hex FROM "User" WHERE id = ${userId}`
    return { status: res.status, hex: rows[0].hex }
  }
  const hexOf = (s: string) => Buffer.from(s, "utf8").toString("hex").toUpperCase()

  it.each([
    ["a lone surrogate", "x\ud800y"],
    ["a right-to-left override", "admin\u202Egnp.exe"],
    ["a zero-width space", "Ad\u200Bmin"],
    ["a line separator", "two\u2028lines"],
    ["a C1 control", "bell\u0085"],
    ["81 characters", "x".repeat(81)],
    ["257 characters", "y".repeat(257)],
    ["only spaces", "   "],
  ])("refuses %s with 400 and keeps the stored name", async (_label, name) => {
    const { status, hex } = await update(name)
    expect(status).toBe(400)
    expect(hex).toBe(hexOf("Original"))
  })

  it("stores a valid name NFKC-normalised and trimmed, as settings would", async () => {
    const { status, hex } = await update("  Ｊａｎｅ   Doe ")
    expect(status).toBe(200)
    expect(hex).toBe(hexOf("Jane Doe"))
  })
})
