/**
 * An organization home's "N members" is one COUNT: through Prisma, and on
 * SQLite on the page's read-only connection, which must count the same and
 * follow a join or a removal at once.
 */
import { describe, expect, it } from "vitest"
import { memberCount } from "@/server/organizations/member-count"
import { READ_WAYS, withReadSource } from "@/tests/helpers/read-source"

describe.each(READ_WAYS)("memberCount on $provider, $read", (way) => {
  const { db, source } = withReadSource(way)

  it("counts this organization's members only, and follows a join and a removal at once", async () => {
    const [owner, joiner, outsider] = await Promise.all(["owner", "joiner", "outsider"].map((name) => db().prisma.user.create({ data: { email: `${name}@example.com` } })))
    const org = await db().prisma.organization.create({ data: { name: "Acme", slug: "acme" } })
    const other = await db().prisma.organization.create({ data: { name: "Other", slug: "other" } })
    await db().prisma.member.create({ data: { userId: owner!.id, organizationId: org.id, roles: "owner" } })
    await db().prisma.member.create({ data: { userId: outsider!.id, organizationId: other.id, roles: "owner" } })
    expect(await memberCount(org.id, source())).toBe(1)

    const joined = await db().prisma.member.create({ data: { userId: joiner!.id, organizationId: org.id, roles: "member" } })
    expect(await memberCount(org.id, source())).toBe(2)
    await db().prisma.member.delete({ where: { id: joined.id } })
    expect(await memberCount(org.id, source())).toBe(1)
    expect(await memberCount("no-such-organization", source())).toBe(0)
  })
})
