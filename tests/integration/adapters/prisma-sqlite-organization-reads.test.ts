/**
 * An organization page's reads on SQLite run on the read-only connection of
 * lib/auth/adapters/prisma/sqlite-both.direct().ts: the membership a permission
 * check reads, the open invitations and the latest activity. Each must answer
 * exactly what Prisma answers (dates as Dates, the same order), see a
 * committed change on the next read, and never need Prisma to answer.
 */
import { describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { organizationStore, type PrismaOrganizationsLike } from "@/lib/auth/adapters/prisma/organizations"
import { sessionMembershipStore } from "@/lib/auth/adapters/prisma/session-membership"
import { withDirectAndPrismaAdapters } from "@/tests/helpers/read-source"

const HOUR = 60 * 60 * 1000

/** A SQLite client whose every read fails: a read that answers did not go through Prisma. */
function clientWhoseReadsFail() {
  const fail = () => Promise.reject(new Error("went through Prisma"))
  return {
    _activeProvider: "sqlite",
    $queryRaw: fail,
    invitation: { findMany: fail },
    organizationActivity: { findMany: fail },
  } as unknown as PrismaOrganizationsLike & Parameters<typeof sessionMembershipStore>[0]
}

describe("an organization page's reads on SQLite's direct connection", () => {
  const both = withDirectAndPrismaAdapters()

  async function organizationWithOwner() {
    const tag = crypto.randomUUID().slice(0, 8)
    const owner = await both.db().prisma.user.create({ data: { email: `owner-${tag}@example.com` } })
    const org = await both.db().prisma.organization.create({ data: { name: `Acme ${tag}`, slug: `acme-${tag}` } })
    await both.db().prisma.member.create({ data: { userId: owner.id, organizationId: org.id, roles: "owner,admin" } })
    return { owner, org, tag }
  }

  function invite(organizationId: string, email: string, fields: { status?: string; expires?: Date; createdAt?: Date; inviterId?: string } = {}) {
    return both.db().prisma.invitation.create({
      data: { organizationId, email, roles: "member", tokenHash: crypto.randomUUID(), expires: new Date(Date.now() + 48 * HOUR), ...fields },
    })
  }

  it("reads a membership as Prisma does, with its roles, dates and the memberships version", async () => {
    const { owner, org } = await organizationWithOwner()
    const read = await both.direct().getActiveMembership(owner.id, org.id)
    expect(read).toEqual(await both.throughPrisma().getActiveMembership(owner.id, org.id))
    expect(read.membership).toMatchObject({ organization: { id: org.id, slug: org.slug }, member: { userId: owner.id, roles: ["owner", "admin"] } })
    expect(read.membership!.organization.createdAt).toEqual(org.createdAt)
    expect(read.membershipsVersion).toEqual(expect.any(Number))
    expect(await both.direct().getActiveMembership("no-such-user", org.id)).toEqual({ membership: null, membershipsVersion: null })
    expect(await both.direct().getActiveMembership(owner.id, "no-such-organization")).toEqual(await both.throughPrisma().getActiveMembership(owner.id, "no-such-organization"))
  })

  it("finds the organization a user was last active in, as Prisma does", async () => {
    const { owner, org } = await organizationWithOwner()
    const second = await both.db().prisma.organization.create({ data: { name: "Second", slug: `second-${crypto.randomUUID().slice(0, 8)}` } })
    await both.db().prisma.member.create({ data: { userId: owner.id, organizationId: second.id, roles: "member" } })
    expect((await both.direct().getActiveMembership(owner.id)).membership).toBeNull()
    await both.direct().setMemberLastActive(org.id, owner.id, new Date(Date.now() - HOUR))
    await both.direct().setMemberLastActive(second.id, owner.id, new Date())
    const read = await both.direct().getActiveMembership(owner.id)
    expect(read).toEqual(await both.throughPrisma().getActiveMembership(owner.id))
    expect(read.membership!.organization.id).toBe(second.id)
  })

  it("sees a removal and a role change on the next read: the permission check is never a stale copy", async () => {
    const { org } = await organizationWithOwner()
    const admin = await both.db().prisma.user.create({ data: { email: `admin-${crypto.randomUUID()}@example.com` } })
    const member = await both.db().prisma.member.create({ data: { userId: admin.id, organizationId: org.id, roles: "admin" } })
    expect((await both.direct().getActiveMembership(admin.id, org.id)).membership!.member.roles).toEqual(["admin"])
    await both.db().prisma.member.update({ where: { id: member.id }, data: { roles: "member" } })
    expect((await both.direct().getActiveMembership(admin.id, org.id)).membership!.member.roles).toEqual(["member"])
    await both.db().prisma.member.delete({ where: { id: member.id } })
    expect((await both.direct().getActiveMembership(admin.id, org.id)).membership).toBeNull()
  })

  it("lists invitations as Prisma does, newest first, with every status and dates as Dates", async () => {
    const { owner, org } = await organizationWithOwner()
    await invite(org.id, "old@example.com", { createdAt: new Date(Date.now() - 3 * HOUR), inviterId: owner.id })
    await invite(org.id, "expired@example.com", { createdAt: new Date(Date.now() - 2 * HOUR), expires: new Date(Date.now() - HOUR) })
    await invite(org.id, "cancelled@example.com", { createdAt: new Date(Date.now() - HOUR), status: "cancelled" })
    await invite(org.id, "new@example.com")
    const listed = await both.direct().listInvitations(org.id)
    expect(listed).toEqual(await both.throughPrisma().listInvitations(org.id))
    expect(listed.map((i) => i.email)).toEqual(["new@example.com", "cancelled@example.com", "expired@example.com", "old@example.com"])
    expect(listed[3]).toMatchObject({ inviterId: owner.id, roles: ["member"], status: "pending" })
    expect(listed[1]!.expires).toBeInstanceOf(Date)
    expect(await both.direct().listInvitations("no-such-organization")).toEqual([])
  })

  it("sees an invitation sent and one cancelled on the next read", async () => {
    const { org } = await organizationWithOwner()
    expect(await both.direct().listInvitations(org.id)).toEqual([])
    const sent = await invite(org.id, "someone@example.com")
    expect((await both.direct().listInvitations(org.id)).map((i) => i.status)).toEqual(["pending"])
    expect(await both.direct().cancelInvitation(org.id, sent.id)).toBe(true)
    expect((await both.direct().listInvitations(org.id)).map((i) => i.status)).toEqual(["cancelled"])
  })

  it("lists the latest activity as Prisma does: newest first, ties by id, at most the limit", async () => {
    const { owner, org } = await organizationWithOwner()
    const at = new Date(Date.now() - HOUR)
    for (const [i, type] of ["organization-created", "member-invited", "member-joined", "member-removed"].entries()) {
      await both.db().prisma.organizationActivity.create({
        data: { organizationId: org.id, type, actorId: owner.id, subject: `s${i}`, detail: i === 1 ? "detail" : null, createdAt: i < 2 ? at : new Date(at.getTime() + i * 1000) },
      })
    }
    for (const limit of [2, 3, 50]) expect(await both.direct().listOrganizationActivity(org.id, limit)).toEqual(await both.throughPrisma().listOrganizationActivity(org.id, limit))
    const latest = await both.direct().listOrganizationActivity(org.id, 3)
    expect(latest.map((e) => e.type)).toEqual(["member-removed", "member-joined", expect.stringMatching(/^(organization-created|member-invited)$/)])
    expect(latest[0]!.createdAt).toBeInstanceOf(Date)
    await both.direct().createOrganizationActivity({ organizationId: org.id, type: "member-left", actorId: owner.id, subject: owner.id, detail: null })
    expect((await both.direct().listOrganizationActivity(org.id, 1))[0]!.type).toBe("member-left")
  })

  it("reads from the file itself, not through Prisma", async () => {
    const { owner, org } = await organizationWithOwner()
    await invite(org.id, "direct@example.com")
    await both.db().prisma.organizationActivity.create({ data: { organizationId: org.id, type: "organization-created", actorId: owner.id } })
    const broken = clientWhoseReadsFail()
    const organizations = organizationStore(broken, { sqliteFile: both.file() })
    const memberships = sessionMembershipStore(broken, { sqliteFile: both.file() })
    expect((await organizations.listInvitations(org.id)).map((i) => i.email)).toEqual(["direct@example.com"])
    expect((await organizations.listOrganizationActivity(org.id, 5)).map((e) => e.type)).toEqual(["organization-created"])
    expect((await memberships.getActiveMembership(owner.id, org.id)).membership!.member.userId).toBe(owner.id)
    await expect(organizationStore(broken).listInvitations(org.id)).rejects.toThrow("went through Prisma")
    await expect(sessionMembershipStore(broken).getActiveMembership(owner.id, org.id)).rejects.toThrow("went through Prisma")
  })

  it("falls back to Prisma when the file it was given does not exist", async () => {
    const { owner, org } = await organizationWithOwner()
    await invite(org.id, "fallback@example.com")
    const missing = PrismaAdapter(both.db().prisma, { sqliteFile: `${both.file()}.missing` })
    expect((await missing.listInvitations(org.id)).map((i) => i.email)).toEqual(["fallback@example.com"])
    expect((await missing.getActiveMembership(owner.id, org.id)).membership!.member.userId).toBe(owner.id)
  })
})
