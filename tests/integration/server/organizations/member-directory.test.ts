/**
 * The names an organization's pages show beside its members and in its
 * activity: through Prisma, and on SQLite on the pages' read-only connection,
 * which must find the same people for any number of ids.
 */
import { describe, expect, it } from "vitest"
import { memberPeople } from "@/server/organizations/member-directory"
import { READ_WAYS, withReadSource } from "@/tests/helpers/read-source"

describe.each(READ_WAYS)("memberPeople on $provider, $read", (way) => {
  const { db, source } = withReadSource(way)

  it("names each user asked for, leaves out ids that name no one, and sees a rename at once", async () => {
    const named = await db().prisma.user.create({ data: { email: "named@example.com", name: "Ada" } })
    const unnamed = await db().prisma.user.create({ data: { email: "unnamed@example.com" } })
    await db().prisma.user.create({ data: { email: "not-asked@example.com", name: "Not asked" } })
    const people = await memberPeople([named.id, unnamed.id, "no-such-user", "' OR 1=1 --"], source())
    expect([...people.entries()].sort(([a], [b]) => a.localeCompare(b))).toEqual(
      [
        [named.id, { name: "Ada", email: "named@example.com" }],
        [unnamed.id, { name: null, email: "unnamed@example.com" }],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    )
    await db().prisma.user.update({ where: { id: named.id }, data: { name: "Ada L." } })
    expect((await memberPeople([named.id], source())).get(named.id)).toEqual({ name: "Ada L.", email: "named@example.com" })
    expect(await memberPeople([], source())).toEqual(new Map())
  })

  it("reads a page of many members in one go", async () => {
    const users = await Promise.all(Array.from({ length: 120 }, (_, i) => db().prisma.user.create({ data: { email: `many-${i}@example.com`, name: `Member ${i}` } })))
    const people = await memberPeople(users.map((user) => user.id), source())
    expect(people.size).toBe(120)
    expect(people.get(users[77]!.id)).toEqual({ name: "Member 77", email: "many-77@example.com" })
  })
})
