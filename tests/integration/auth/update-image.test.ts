import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { profileUpdateFixture, type ProfileUpdateFixture } from "./profile-update-fixture"

// POST /session is reachable by any signed-in browser: under the database
// strategy it may persist an image URL, but only a plain http(s) one.
describe("database update flow: image URLs", () => {
  let fixture: ProfileUpdateFixture
  beforeAll(async () => {
    fixture = await profileUpdateFixture("img", { image: "https://example.com/a.png" })
  })
  afterAll(() => fixture.db.cleanup())

  async function update(image: unknown) {
    const res = await fixture.post({ user: { image } })
    expect(res.status).toBe(200)
    return (await fixture.db.prisma.user.findUnique({ where: { id: fixture.userId } }))?.image
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
