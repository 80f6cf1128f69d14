import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import type { AuthConfig } from "@/lib/auth/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

// POST /session is reachable by any signed-in browser: under the database
// strategy it may persist an image URL, but only a plain http(s) one.
describe("database update flow: image URLs", () => {
  let db: TestDatabase
  let config: AuthConfig
  let userId: string
  const cookies = "authjs.session-token=image-session; authjs.csrf-token="

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const adapter = PrismaAdapter(db.prisma)
    config = { secret: "update-image-secret-0123456789abcdefghijk", trustHost: true, adapter, providers: [] }
    const user = await adapter.createUser({ id: "", email: "img@example.com", emailVerified: null, image: "https://example.com/a.png" })
    userId = user.id
    await adapter.createSession({ sessionToken: "image-session", userId, expires: new Date(Date.now() + 86_400_000) })
  })
  afterAll(() => db.cleanup())

  async function update(image: unknown) {
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
    const csrfCookie = decodeURIComponent(csrf.headers.getSetCookie()[0].split(";")[0].split("=")[1])
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const res = await Auth(
      new Request("http://localhost:3000/auth/session", {
        method: "POST",
        headers: { cookie: `${cookies}${encodeURIComponent(csrfCookie)}`, "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, data: { user: { image } } }),
      }),
      config,
    )
    expect(res.status).toBe(200)
    return (await db.prisma.user.findUnique({ where: { id: userId } }))?.image
  }

  it.each(["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "/relative.png", "not a url"])(
    "does not store %s",
    async (image) => {
      expect(await update(image)).toBe("https://example.com/a.png")
    },
  )

  it("stores an https URL", async () => {
    expect(await update("https://cdn.example.com/me.png")).toBe("https://cdn.example.com/me.png")
  })
})
