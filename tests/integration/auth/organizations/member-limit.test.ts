/**
 * The member limit under concurrency (issue 35), on real SQLite and PostgreSQL, both session
 * strategies: different invitations accepted at the same moment cannot together take more seats
 * than are left. Exactly one joins; the others are refused with member_limit and their
 * invitations stay pending, usable once a seat frees up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, type AuthConfig } from "@/lib/auth"
import { invitationTokenHash } from "@/lib/auth/organizations/invitations"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { DATABASE_AND_STRATEGY_CASES } from "../support"
import { account, organizationConfig, refusal } from "./support"

describe.each(DATABASE_AND_STRATEGY_CASES)("organizations: member limit (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, strategy, [], { memberLimit: 3 })
  })
  afterAll(() => db.cleanup())

  it("10 different invitations accepted at once into the last seat: one joins, nine stay pending", async () => {
    const orgs = organizationOperations(config)
    const owner = await account(db)
    const first = await account(db)
    const { organization: org } = await orgs.create({ userId: owner.id }, { name: "Seats", slug: `seats-${strategy}` })
    await orgs.acceptInvitation({ userId: first.id }, (await orgs.invite({ userId: owner.id }, org.id, { email: first.email })).token)
    const invited = []
    // One after another: sign-up hashes passwords a few at a time and answers "busy" beyond that.
    for (let i = 0; i < 10; i++) {
      const invitee = await account(db)
      invited.push({ invitee, ...(await orgs.invite({ userId: owner.id }, org.id, { email: invitee.email })) })
    }

    const results = await Promise.all(invited.map(({ invitee, token }) => refusal(() => orgs.acceptInvitation({ userId: invitee.id }, token))))

    expect(results.filter((r) => r === null)).toHaveLength(1)
    expect(results.filter((r) => r === "member_limit")).toHaveLength(9)
    expect(await db.prisma.member.count({ where: { organizationId: org.id } })).toBe(3)
    const statuses = await db.prisma.invitation.findMany({ where: { id: { in: invited.map((i) => i.invitation.id) } }, select: { id: true, status: true } })
    const joined = invited[results.indexOf(null)]
    for (const { id, status } of statuses) expect(status, id).toBe(id === joined.invitation.id ? "accepted" : "pending")
    // The membership written under the limit reads back like any other, in joining order.
    expect((await orgs.members({ userId: owner.id }, org.id)).map((m) => m.userId)).toEqual([owner.id, first.id, joined.invitee.id])

    // A seat frees up: a refused invitation still works.
    await orgs.removeMember({ userId: owner.id }, org.id, joined.invitee.id)
    const next = invited.find((i) => i !== joined)!
    expect(await refusal(() => orgs.acceptInvitation({ userId: next.invitee.id }, next.token))).toBeNull()
    expect(await db.prisma.member.count({ where: { organizationId: org.id } })).toBe(3)
  })

  it("the adapter's accept holds the limit itself: 10 different invitations claimed in the same instant", async () => {
    const orgs = organizationOperations(config)
    const adapter = config.adapter as Required<NonNullable<AuthConfig["adapter"]>>
    const owner = await account(db)
    const { organization: org } = await orgs.create({ userId: owner.id }, { name: "Seats", slug: `seats-direct-${strategy}` })
    const first = await account(db)
    await orgs.acceptInvitation({ userId: first.id }, (await orgs.invite({ userId: owner.id }, org.id, { email: first.email })).token)
    const claims = []
    for (let i = 0; i < 10; i++) {
      const invitee = await account(db)
      const { token, invitation } = await orgs.invite({ userId: owner.id }, org.id, { email: invitee.email })
      claims.push({ userId: invitee.id, invitation, tokenHash: await invitationTokenHash(token) })
    }
    const now = new Date()
    const results = await Promise.all(claims.map(({ userId, tokenHash }) => adapter.acceptInvitation({ tokenHash, userId, now, memberLimit: 3 })))
    expect(results.filter((r) => r.status === "joined")).toHaveLength(1)
    expect(results.filter((r) => r.status === "member-limit")).toHaveLength(9)
    expect(await db.prisma.member.count({ where: { organizationId: org.id } })).toBe(3)
    const pending = await db.prisma.invitation.count({ where: { id: { in: claims.map((c) => c.invitation.id) }, status: "pending" } })
    expect(pending).toBe(9)
  })
})
