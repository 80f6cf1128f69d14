import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { profileUpdateFixture, type ProfileUpdateFixture } from "./profile-update-fixture"

// POST /session (database strategy) writes the display name under the same rule as
// sign-up and settings: a name that breaks it is refused with 400, and nothing is stored.
describe("database update flow: display names", () => {
  let fixture: ProfileUpdateFixture
  beforeAll(async () => {
    fixture = await profileUpdateFixture("name", { name: "Original" })
  })
  afterAll(() => fixture.db.cleanup())

  async function update(name: unknown) {
    const res = await fixture.post({ name })
    const rows = await fixture.db.prisma.$queryRaw<Array<{ hex: string }>>`SELECT hex(name) AS hex FROM "User" WHERE id = ${fixture.userId}`
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
