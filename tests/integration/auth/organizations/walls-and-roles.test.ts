/**
 * Organizations on real SQLite and PostgreSQL, both session strategies: the walls
 * between tenants (a member of A calling every operation with B's ids is refused and B is left
 * exactly as it was), roles (nobody raises their own, only owners touch owners, the last owner
 * cannot leave, be removed or be demoted; ownership moves), and a removed member losing the
 * active organization at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, Auth, defineOrganizationAccess, organizationResources, type AuthConfig, type OrganizationEvent } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { DATABASE_AND_STRATEGY_CASES } from "../support"
import { account, apply, organizationConfig, refusal, requestOf, signedIn } from "./support"

describe.each(DATABASE_AND_STRATEGY_CASES)("organizations: walls and roles (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  const events: OrganizationEvent[] = []
  let slugs = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, strategy, events)
  })
  afterAll(() => db.cleanup())

  const orgs = () => organizationOperations(config)
  const slug = () => `org-${strategy}-${++slugs}`

  /** Everything an operation could change in an organization, to compare before and after a refusal. */
  async function stateOf(organizationId: string) {
    return {
      organization: await db.prisma.organization.findUnique({ where: { id: organizationId } }),
      members: await db.prisma.member.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
      invitations: await db.prisma.invitation.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
      activity: await db.prisma.organizationActivity.count({ where: { organizationId } }),
    }
  }

  it("the creator becomes owner; slugs are checked and unique; the new organization is the session's active one", async () => {
    const owner = await account(db)
    const browser = await signedIn(config, owner.email)
    const s = slug()
    const { organization, cookies } = await orgs().create({ userId: owner.id, request: requestOf(browser) }, { name: "  Acme   Inc ", slug: s })
    apply(browser, cookies)
    expect(organization).toMatchObject({ name: "Acme Inc", slug: s })
    expect(await orgs().list({ userId: owner.id })).toEqual([{ organization, roles: ["owner"] }])
    expect((await orgs().active(requestOf(browser)))?.organization.id).toBe(organization.id)
    expect(await refusal(() => orgs().create({ userId: owner.id }, { name: "Other", slug: s }))).toBe("slug_taken")
    for (const bad of ["A", "UPPER", "-lead", "trail-", "two--dash", "new", "settings", "x".repeat(49), "spa ce", "é"]) {
      expect(await refusal(() => orgs().create({ userId: owner.id }, { name: "Other", slug: bad })), bad).toBe("invalid_slug")
    }
    expect(await refusal(() => orgs().create({ userId: owner.id }, { name: "   ", slug: slug() }))).toBe("invalid_organization_name")
    expect(events.some((e) => e.type === "organization-created" && e.organizationId === organization.id && e.actorId === owner.id)).toBe(true)
  })

  it("a member of A calling every operation with B's ids is refused, and B is unchanged", async () => {
    const ownerA = await account(db)
    const ownerB = await account(db)
    const memberB = await account(db)
    const a = (await orgs().create({ userId: ownerA.id }, { name: "A", slug: slug() })).organization
    const b = (await orgs().create({ userId: ownerB.id }, { name: "B", slug: slug() })).organization
    const invited = await orgs().invite({ userId: ownerB.id }, b.id, { email: memberB.email })
    await orgs().acceptInvitation({ userId: memberB.id }, invited.token)
    const pending = await orgs().invite({ userId: ownerB.id }, b.id, { email: "someone@example.test" })
    const attacker = { userId: ownerA.id }
    const browser = await signedIn(config, ownerA.email)
    const before = await stateOf(b.id)

    const calls: [string, () => Promise<unknown>][] = [
      ["bySlug", () => orgs().bySlug(attacker, b.slug)],
      ["update", () => orgs().update(attacker, b.id, { name: "Owned" })],
      ["delete", () => orgs().delete(attacker, b.id)],
      ["invite", () => orgs().invite(attacker, b.id, { email: "spy@example.test", roles: ["owner"] })],
      ["invitations", () => orgs().invitations(attacker, b.id)],
      ["cancelInvitation (B's org)", () => orgs().cancelInvitation(attacker, b.id, pending.invitation.id)],
      ["members", () => orgs().members(attacker, b.id)],
      ["changeRoles", () => orgs().changeRoles(attacker, b.id, memberB.id, ["admin"])],
      ["changeRoles (self into B)", () => orgs().changeRoles(attacker, b.id, ownerA.id, ["owner"])],
      ["transferOwnership", () => orgs().transferOwnership(attacker, b.id, ownerA.id)],
      ["removeMember", () => orgs().removeMember(attacker, b.id, memberB.id)],
      ["removeMember (B's owner)", () => orgs().removeMember(attacker, b.id, ownerB.id)],
      ["leave", () => orgs().leave(attacker, b.id)],
      ["activity", () => orgs().activity(attacker, b.id)],
      ["setActive", () => orgs().setActive(requestOf(browser), b.id)],
    ]
    for (const [name, call] of calls) expect(await refusal(call), name).toBe("organization_not_found")
    // A's own ids with B's records: the ids do not belong to A, so nothing matches.
    expect(await refusal(() => orgs().cancelInvitation(attacker, a.id, pending.invitation.id))).toBe("invitation_invalid")
    expect(await refusal(() => orgs().changeRoles(attacker, a.id, memberB.id, ["admin"]))).toBe("member_not_found")
    expect(await refusal(() => orgs().removeMember(attacker, a.id, memberB.id))).toBe("member_not_found")
    expect(await refusal(() => orgs().transferOwnership(attacker, a.id, ownerB.id))).toBe("member_not_found")
    expect(await orgs().hasPermission(attacker, { member: ["invite"] }, { organization: b.id })).toBe(false)
    expect(await orgs().hasPermission(attacker, { member: ["invite"] }, { organization: a.id })).toBe(true)
    expect(await orgs().active(requestOf(browser))).toBeNull()
    expect(await stateOf(b.id)).toEqual(before)
  })

  it("malformed input from a form or payload is a typed refusal, never a crash", async () => {
    const owner = await account(db)
    const org = (await orgs().create({ userId: owner.id }, { name: "Inputs", slug: slug() })).organization
    const me = { userId: owner.id }
    const junk = [undefined, null, 42, {}, [], "", "\u0000", "x".repeat(5000)] as unknown[]
    for (const value of junk) {
      const s = value as string
      expect(await refusal(() => orgs().bySlug(me, value)), `bySlug ${String(value)}`).toBe("organization_not_found")
      expect(await refusal(() => orgs().members(me, s))).toBe("organization_not_found")
      expect(await refusal(() => orgs().changeRoles(me, org.id, s, ["admin"]))).toBe("member_not_found")
      expect(await refusal(() => orgs().changeRoles(me, org.id, owner.id, value as string[]))).toBe("invalid_role")
      expect(await refusal(() => orgs().removeMember(me, org.id, s))).toBe("member_not_found")
      expect(await refusal(() => orgs().cancelInvitation(me, org.id, s))).toBe("invitation_invalid")
      expect(await refusal(() => orgs().invite(me, org.id, { email: s }))).toBe("invitation_wrong_address")
      expect(await refusal(() => orgs().create(me, value as { name: string; slug: string }))).toBe("invalid_organization_name")
    }
    expect(await refusal(() => orgs().update(me, org.id, undefined as unknown as { name?: string }))).toBeNull()
    await expect(orgs().list({ userId: "" })).rejects.toMatchObject({ code: "permission_denied" })
  })

  it("permissions follow the built-in statement; nobody raises their own role; only owners touch owners", async () => {
    const owner = await account(db)
    const admin = await account(db)
    const member = await account(db)
    const org = (await orgs().create({ userId: owner.id }, { name: "Roles", slug: slug() })).organization
    for (const [who, roles] of [[admin, ["admin"]], [member, ["member"]]] as const) {
      const { token } = await orgs().invite({ userId: owner.id }, org.id, { email: who.email, roles: [...roles] })
      await orgs().acceptInvitation({ userId: who.id }, token)
    }
    const can = (userId: string, request: Parameters<ReturnType<typeof orgs>["hasPermission"]>[1]) => orgs().hasPermission({ userId }, request, { organization: org.id })
    expect(await can(member.id, { member: ["invite"] })).toBe(false)
    expect(await can(member.id, { organization: ["update"] })).toBe(false)
    expect(await can(admin.id, { member: ["invite", "remove", "update-role"], invitation: ["cancel"], team: ["create"] })).toBe(true)
    expect(await can(owner.id, { organization: ["update", "delete"] })).toBe(true)
    expect(await orgs().hasPermission(null, {}, { organization: org.id })).toBe(false)

    const before = await stateOf(org.id)
    expect(await refusal(() => orgs().changeRoles({ userId: member.id }, org.id, member.id, ["admin"]))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().invite({ userId: member.id }, org.id, { email: "x@example.test" }))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().removeMember({ userId: member.id }, org.id, admin.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().activity({ userId: member.id }, org.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().changeRoles({ userId: admin.id }, org.id, admin.id, ["owner"]))).toBe("own_role")
    expect(await refusal(() => orgs().changeRoles({ userId: admin.id }, org.id, member.id, ["owner"]))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().changeRoles({ userId: admin.id }, org.id, owner.id, ["member"]))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().removeMember({ userId: admin.id }, org.id, owner.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().invite({ userId: admin.id }, org.id, { email: "boss@example.test", roles: ["owner"] }))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().delete({ userId: admin.id }, org.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().changeRoles({ userId: owner.id }, org.id, member.id, ["user"]))).toBe("invalid_role")
    expect(await refusal(() => orgs().changeRoles({ userId: owner.id }, org.id, member.id, ["superuser"]))).toBe("invalid_role")
    expect(await stateOf(org.id)).toEqual(before)

    await orgs().changeRoles({ userId: admin.id }, org.id, member.id, ["admin"])
    expect(await can(member.id, { member: ["invite"] })).toBe(true)
    // Lowering your own role is allowed.
    await orgs().changeRoles({ userId: member.id }, org.id, member.id, ["member"])
    expect(await can(member.id, { member: ["invite"] })).toBe(false)
    const log = await orgs().activity({ userId: admin.id }, org.id)
    expect(log.filter((e) => e.type === "member-role-changed").map((e) => e.subject)).toEqual([member.id, member.id])
  })

  it("custom roles defined for organizations are given by invitation and checked by hasPermission", async () => {
    const custom = organizationOperations({
      ...config,
      organizations: {
        enabled: true,
        access: defineOrganizationAccess({ resources: { ...organizationResources, project: ["create"] }, roles: { billing: { organization: ["update"] } } }),
      },
    })
    const owner = await account(db)
    const billing = await account(db)
    const org = (await custom.create({ userId: owner.id }, { name: "Custom", slug: slug() })).organization
    expect(await refusal(() => custom.invite({ userId: owner.id }, org.id, { email: billing.email, roles: ["nonexistent"] }))).toBe("invalid_role")
    const { token } = await custom.invite({ userId: owner.id }, org.id, { email: billing.email, roles: ["billing"] })
    await custom.acceptInvitation({ userId: billing.id }, token)
    expect(await custom.hasPermission({ userId: billing.id }, { organization: ["update"] }, { organization: org.id })).toBe(true)
    expect(await custom.hasPermission({ userId: billing.id }, { member: ["invite"] }, { organization: org.id })).toBe(false)
    expect(await custom.hasPermission({ userId: owner.id }, { project: ["create"] }, { organization: org.id })).toBe(true)
    expect((await custom.update({ userId: billing.id }, org.id, { name: "Renamed" })).name).toBe("Renamed")
    expect(await refusal(() => custom.update({ userId: billing.id }, org.id, { slug: "new" }))).toBe("invalid_slug")
  })

  it("the last owner cannot leave, be removed or be demoted; after a transfer they can", async () => {
    const owner = await account(db)
    const other = await account(db)
    const org = (await orgs().create({ userId: owner.id }, { name: "Owners", slug: slug() })).organization
    const { token } = await orgs().invite({ userId: owner.id }, org.id, { email: other.email, roles: ["admin"] })
    await orgs().acceptInvitation({ userId: other.id }, token)
    expect(await refusal(() => orgs().leave({ userId: owner.id }, org.id))).toBe("last_owner")
    expect(await refusal(() => orgs().changeRoles({ userId: owner.id }, org.id, owner.id, ["admin"]))).toBe("last_owner")
    expect(await db.prisma.member.findFirst({ where: { organizationId: org.id, userId: owner.id }, select: { roles: true } })).toEqual({ roles: "owner" })

    await orgs().transferOwnership({ userId: owner.id }, org.id, other.id)
    const roles = async (userId: string) => (await orgs().members({ userId: other.id }, org.id)).find((m) => m.userId === userId)?.roles
    expect(await roles(other.id)).toEqual(["owner"])
    expect(await roles(owner.id)).toEqual(["admin"])
    expect(await refusal(() => orgs().removeMember({ userId: owner.id }, org.id, other.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().leave({ userId: other.id }, org.id))).toBe("last_owner")
    await orgs().leave({ userId: owner.id }, org.id)
    expect(await orgs().list({ userId: owner.id })).toEqual([])
  })

  it("two owners demoting each other at once leave one owner", async () => {
    const first = await account(db)
    const second = await account(db)
    const org = (await orgs().create({ userId: first.id }, { name: "Race", slug: slug() })).organization
    const { token } = await orgs().invite({ userId: first.id }, org.id, { email: second.email, roles: ["owner"] })
    await orgs().acceptInvitation({ userId: second.id }, token)
    const results = await Promise.all([
      refusal(() => orgs().changeRoles({ userId: first.id }, org.id, first.id, ["admin"])),
      refusal(() => orgs().leave({ userId: second.id }, org.id)),
    ])
    const owners = (await db.prisma.member.findMany({ where: { organizationId: org.id } })).filter((m) => m.roles.split(",").includes("owner"))
    expect(owners).toHaveLength(1)
    expect(results.filter((r) => r === "last_owner")).toHaveLength(1)
  })

  it("the store's conditional writes keep an owner when two owners step down at the same instant, every time", async () => {
    const adapter = PrismaAdapter(db.prisma)
    for (let round = 0; round < 15; round++) {
      const first = await account(db)
      const second = await account(db)
      const org = (await orgs().create({ userId: first.id }, { name: "Tight race", slug: slug() })).organization
      await db.prisma.member.create({ data: { organizationId: org.id, userId: second.id, roles: "owner" } })
      const results = await Promise.all(
        round % 2 === 0
          ? [adapter.setMemberRoles(org.id, first.id, ["admin"]), adapter.setMemberRoles(org.id, second.id, ["member"])]
          : [adapter.removeMember(org.id, first.id), adapter.removeMember(org.id, second.id)],
      )
      expect(results.slice().sort()).toEqual(["done", "last-owner"])
      const owners = (await db.prisma.member.findMany({ where: { organizationId: org.id } })).filter((m) => m.roles.split(",").includes("owner"))
      expect(owners).toHaveLength(1)
    }
  })

  it("a removed member loses the active organization at once, and their log says so", async () => {
    const owner = await account(db)
    const member = await account(db)
    const org = (await orgs().create({ userId: owner.id }, { name: "Removal", slug: slug() })).organization
    const browser = await signedIn(config, member.email)
    const { token } = await orgs().invite({ userId: owner.id }, org.id, { email: member.email })
    apply(browser, (await orgs().acceptInvitation({ userId: member.id, request: requestOf(browser) }, token)).cookies)
    expect((await orgs().active(requestOf(browser)))?.organization.id).toBe(org.id)

    await orgs().removeMember({ userId: owner.id }, org.id, member.id)
    expect(await orgs().active(requestOf(browser))).toBeNull()
    expect(await orgs().hasPermission({ userId: member.id }, {}, { organization: org.id })).toBe(false)
    expect(await refusal(() => orgs().members({ userId: member.id }, org.id))).toBe("organization_not_found")
    if (strategy === "database") {
      expect(await db.prisma.session.count({ where: { userId: member.id, activeOrganizationId: { not: null } } })).toBe(0)
    } else {
      // jwt: the user stays signed in; the token's organization grants nothing any more and is
      // dropped at its next read (session-active-organization.test.ts).
      const res = await Auth(browser.request("/auth/session"), config)
      expect(((await res.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(member.email)
    }
    const log = await db.prisma.securityEvent.findMany({ where: { userId: member.id, type: { in: ["organization-joined", "organization-left"] } }, orderBy: { createdAt: "asc" } })
    expect(log.map((e) => [e.type, e.actorId])).toEqual([["organization-joined", null], ["organization-left", owner.id]])
    expect(events.some((e) => e.type === "member-removed" && e.subject === member.id)).toBe(true)
  })

  it("switching and leaving; deleting an organization clears it everywhere", async () => {
    const owner = await account(db)
    const browser = await signedIn(config, owner.email)
    const request = () => requestOf(browser)
    const one = await orgs().create({ userId: owner.id, request: request() }, { name: "One", slug: slug() })
    apply(browser, one.cookies)
    const two = await orgs().create({ userId: owner.id, request: request() }, { name: "Two", slug: slug() })
    apply(browser, two.cookies)
    expect((await orgs().active(request()))?.organization.id).toBe(two.organization.id)
    apply(browser, (await orgs().setActive(request(), one.organization.id)).cookies)
    expect((await orgs().active(request()))?.organization.id).toBe(one.organization.id)
    // The session itself still works after the re-issue.
    expect(((await (await Auth(browser.request("/auth/session"), config)).json()) as { user?: { email?: string } } | null)?.user?.email).toBe(owner.email)

    await orgs().delete({ userId: owner.id }, one.organization.id)
    expect(await orgs().active(request())).toBeNull()
    expect(await db.prisma.organization.findUnique({ where: { id: one.organization.id } })).toBeNull()
    expect(await db.prisma.member.count({ where: { organizationId: one.organization.id } })).toBe(0)
    expect(events.some((e) => e.type === "organization-deleted" && e.organizationId === one.organization.id)).toBe(true)
    expect((await orgs().list({ userId: owner.id })).map((o) => o.organization.id)).toEqual([two.organization.id])
  })
})
