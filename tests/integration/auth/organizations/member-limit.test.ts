/**
 * The member limit under concurrency, on real SQLite and PostgreSQL, both session
 * strategies: different invitations accepted at the same moment cannot together take more seats
 * than are left. Exactly one joins; the others are refused with member_limit and their
 * invitations stay pending, usable once a seat frees up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
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

/**
 * The hand-back of a refused claim against a cancel or a re-issue racing it (ASVS 5.0 2.3.3,
 * 8.3.1): the accept is held right after its claim (a pause in the real client's claim write, the
 * database untouched) while the owner cancels the invitation, or frees a seat and invites the
 * address again. The cancel succeeds, the old link stays dead however the accept ends, and
 * nobody joins through it; the re-issued link is the one that works.
 */
describe.each(["sqlite", "postgresql"] as const)("organizations: member limit against a cancel or re-issue in flight (%s)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let racing: AuthConfig
  let slugs = 0
  const gate = { armed: false, reached: () => {}, release: () => {} }

  /** The same database through a client whose claim write pauses once, when armed. */
  function pausingClient(prisma: TestDatabase["prisma"]): TestDatabase["prisma"] {
    const invitation = new Proxy(prisma.invitation, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown
        if (property !== "updateMany") return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value
        return async (args: Parameters<typeof target.updateMany>[0]) => {
          const result = await target.updateMany(args)
          const where = args?.where as { id?: unknown; status?: unknown } | undefined
          if (gate.armed && typeof where?.id === "string" && where.status === "pending") {
            gate.armed = false
            const released = new Promise<void>((resolve) => (gate.release = resolve))
            gate.reached()
            await released
          }
          return result
        }
      },
    })
    return new Proxy(prisma, {
      get(target, property) {
        if (property === "invitation") return invitation
        const value = Reflect.get(target, property, target) as unknown
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
  }

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, "database", [], { memberLimit: 2 })
    racing = { ...config, adapter: PrismaAdapter(pausingClient(db.prisma)) }
  })
  afterAll(() => db.cleanup())

  /** A full organization (owner and one member, limit 2) and a pending invitation sent while a seat was free. */
  async function fullOrganization() {
    const orgs = organizationOperations(config)
    const owner = await account(db)
    const seated = await account(db)
    const late = await account(db)
    const { organization: org } = await orgs.create({ userId: owner.id }, { name: "Seats", slug: `race-${provider}-${++slugs}` })
    const sent = await orgs.invite({ userId: owner.id }, org.id, { email: late.email })
    await orgs.acceptInvitation({ userId: seated.id }, (await orgs.invite({ userId: owner.id }, org.id, { email: seated.email })).token)
    return { orgs, owner, seated, late, org, sent }
  }

  /** Starts `late`'s accept through the pausing client; resolves once it holds its claim (the answer wrapped: a bare promise would be waited for). */
  async function acceptHeldAfterClaim(late: { id: string }, token: string): Promise<{ answer: Promise<string | null> }> {
    const reached = new Promise<void>((resolve) => (gate.reached = resolve))
    gate.armed = true
    const accepting = refusal(() => organizationOperations(racing).acceptInvitation({ userId: late.id }, token))
    // An accept that ends without reaching its claim is a broken set-up, not a pass.
    const early = await Promise.race([reached.then(() => null), accepting.then((answer) => ({ answer }))])
    if (early) throw new Error(`the accept ended before its claim: ${String(early.answer)}`)
    return { answer: accepting }
  }

  it("a cancel while a refused accept holds the claim: the cancel succeeds and the hand-back does not revive the link", async () => {
    const { orgs, owner, seated, late, org, sent } = await fullOrganization()
    const accepting = await acceptHeldAfterClaim(late, sent.token)

    expect(await refusal(() => orgs.cancelInvitation({ userId: owner.id }, org.id, sent.invitation.id))).toBeNull()
    gate.release()
    expect(await accepting.answer).toBe("invitation_invalid")

    expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: sent.invitation.id } })).status).toBe("cancelled")
    expect(await orgs.invitation(sent.token)).toBeNull()
    // A seat frees up: the cancelled link still lets nobody in.
    await orgs.removeMember({ userId: owner.id }, org.id, seated.id)
    expect(await refusal(() => orgs.acceptInvitation({ userId: late.id }, sent.token))).toBe("invitation_invalid")
    expect(await db.prisma.member.findFirst({ where: { organizationId: org.id, userId: late.id } })).toBeNull()
  }, 120_000)

  it("a seat freed and the address invited again while the old accept holds its claim: the old link joins nobody, the new one works", async () => {
    const { orgs, owner, seated, late, org, sent } = await fullOrganization()
    const accepting = await acceptHeldAfterClaim(late, sent.token)

    await orgs.removeMember({ userId: owner.id }, org.id, seated.id)
    const again = await orgs.invite({ userId: owner.id }, org.id, { email: late.email, roles: ["admin"] })
    gate.release()
    expect(await accepting.answer).toBe("invitation_invalid")

    expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: sent.invitation.id } })).status).toBe("replaced")
    expect(await db.prisma.member.findFirst({ where: { organizationId: org.id, userId: late.id } })).toBeNull()
    expect(await refusal(() => orgs.acceptInvitation({ userId: late.id }, sent.token))).toBe("invitation_invalid")
    expect(await refusal(() => orgs.acceptInvitation({ userId: late.id }, again.token))).toBeNull()
    expect((await db.prisma.member.findFirstOrThrow({ where: { organizationId: org.id, userId: late.id } })).roles).toBe("admin")
    expect(await db.prisma.member.count({ where: { organizationId: org.id } })).toBe(2)
  }, 120_000)
})
