import { describe, expect, it } from "vitest"
import { slugifyMigrationName } from "@/lib/db/migrations-dir"

describe("slugifyMigrationName", () => {
  it("turns a name into the folder suffix prisma migrate dev would use", () => {
    expect(slugifyMigrationName("init")).toBe("init")
    expect(slugifyMigrationName("add locale")).toBe("add_locale")
    expect(slugifyMigrationName("AddUserLocale")).toBe("add_user_locale")
    expect(slugifyMigrationName("Café & Crème!")).toBe("cafe_and_creme")
    expect(slugifyMigrationName("!!!")).toBe("")
    expect(slugifyMigrationName("x".repeat(300))).toHaveLength(200)
  })
})
