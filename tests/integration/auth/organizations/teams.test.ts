/**
 * Teams within organizations on real SQLite and PostgreSQL, both session strategies:
 * owners and admins create, rename and delete teams; team roles (lead / member, and the app's own
 * through defineTeamAccess); a lead manages their own team's members and nothing else; a member of
 * A naming B's teams or B's users is refused as not found and B is left exactly as it was; a
 * membership that ends takes its team memberships with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, defineTeamAccess, organizationOperations, OrganizationsUnsupported, teamResources, type AuthConfig, type OrganizationEvent } from "@/lib/auth"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { DATABASE_AND_STRATEGY_CASES } from "../support"
import { account, organizationConfig, refusal } from "./support"

describe.each(DATABASE_AND_STRATEGY_CASES)("organizations: teams (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  const events: OrganizationEvent[] = []
  let slugs = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, strategy, events, { teams: true })
  })
  afterAll(() => db.cleanup())

  const orgs = () => organizationOperations(config)

  /** An organization with an owner and, for each role given, a member holding it. */
  async function organization(...roles: string[]) {
    const owner = await account(db)
    const { organization: org } = await orgs().create({ userId: owner.id }, { name: "Teams", slug: `teams-${strategy}-${++slugs}` })
    const members = []
    for (const role of roles) {
      const who = await account(db)
      const { token } = await orgs().invite({ userId: owner.id }, org.id, { email: who.email, roles: [role] })
      await orgs().acceptInvitation({ userId: who.id }, token)
      members.push(who)
    }
    return { owner, org, members }
  }

  /** Everything a team operation could change in an organization. */
  async function stateOf(organizationId: string) {
    return {
      organization: await db.prisma.organization.findUnique({ where: { id: organizationId } }),
      members: await db.prisma.member.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
      teams: await db.prisma.team.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
      teamMembers: await db.prisma.teamMember.findMany({ where: { team: { organizationId } }, orderBy: { id: "asc" } }),
      activity: await db.prisma.organizationActivity.count({ where: { organizationId } }),
    }
  }

  const rolesIn = async (organizationId: string, teamId: string, viewer: string) =>
    Object.fromEntries((await orgs().teamMembers({ userId: viewer }, organizationId, teamId)).map((m) => [m.userId, m.roles]))

  it("owners and admins create, rename and delete teams; members see them but cannot", async () => {
    const { owner, org, members: [admin, member] } = await organization("admin", "member")
    const team = await orgs().createTeam({ userId: owner.id }, org.id, { name: "  Platform   Core " })
    expect(team).toMatchObject({ organizationId: org.id, name: "Platform Core" })
    const other = await orgs().createTeam({ userId: admin.id }, org.id, { name: "Design" })
    expect(await refusal(() => orgs().createTeam({ userId: admin.id }, org.id, { name: "Design" }))).toBe("team_name_taken")
    for (const bad of ["", "   ", "x".repeat(101), "bell\u0007", 42, null]) {
      expect(await refusal(() => orgs().createTeam({ userId: owner.id }, org.id, { name: bad as string })), String(bad)).toBe("invalid_team_name")
    }
    expect((await orgs().teams({ userId: member.id }, org.id)).map((t) => t.name)).toEqual(["Design", "Platform Core"])
    expect((await orgs().team({ userId: member.id }, org.id, team.id)).name).toBe("Platform Core")

    const before = await stateOf(org.id)
    expect(await refusal(() => orgs().createTeam({ userId: member.id }, org.id, { name: "Mine" }))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().renameTeam({ userId: member.id }, org.id, team.id, "Taken over"))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().deleteTeam({ userId: member.id }, org.id, team.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().renameTeam({ userId: admin.id }, org.id, team.id, "Design"))).toBe("team_name_taken")
    expect(await stateOf(org.id)).toEqual(before)

    expect((await orgs().renameTeam({ userId: admin.id }, org.id, team.id, "Platform")).name).toBe("Platform")
    await orgs().addTeamMember({ userId: owner.id }, org.id, other.id, { userId: member.id })
    await orgs().deleteTeam({ userId: admin.id }, org.id, other.id)
    expect(await refusal(() => orgs().deleteTeam({ userId: admin.id }, org.id, other.id))).toBe("team_not_found")
    expect(await refusal(() => orgs().team({ userId: member.id }, org.id, other.id))).toBe("team_not_found")
    // The team's members stay members of the organization; only the team membership went.
    expect(await db.prisma.member.count({ where: { organizationId: org.id } })).toBe(3)
    expect(await db.prisma.teamMember.count({ where: { teamId: other.id } })).toBe(0)

    const log = (await orgs().activity({ userId: owner.id }, org.id)).filter((e) => e.type.startsWith("team-"))
    expect(log.map((e) => [e.type, e.subject])).toEqual([
      ["team-deleted", other.id],
      ["team-member-added", member.id],
      ["team-renamed", team.id],
      ["team-created", other.id],
      ["team-created", team.id],
    ])
    expect(events.filter((e) => e.organizationId === org.id && e.type.startsWith("team-")).map((e) => e.type)).toEqual([
      "team-created", "team-created", "team-renamed", "team-member-added", "team-deleted",
    ])
  })

  it("team members have team roles; only known team roles are given", async () => {
    const { owner, org, members: [a, b] } = await organization("member", "member")
    const team = await orgs().createTeam({ userId: owner.id }, org.id, { name: "Roles" })
    expect((await orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: a.id, roles: ["lead"] })).roles).toEqual(["lead"])
    expect((await orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: b.id })).roles).toEqual(["member"])
    expect(await refusal(() => orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: b.id }))).toBe("already_in_team")
    for (const bad of [["owner"], ["admin"], ["user"], ["superlead"], [42], "lead", []] as unknown[]) {
      expect(await refusal(() => orgs().changeTeamRoles({ userId: owner.id }, org.id, team.id, b.id, bad as string[])), JSON.stringify(bad)).toBe("invalid_role")
    }
    expect(await refusal(() => orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: owner.id, roles: ["owner"] }))).toBe("invalid_role")
    await orgs().changeTeamRoles({ userId: owner.id }, org.id, team.id, b.id, ["lead", "member"])
    expect(await rolesIn(org.id, team.id, a.id)).toEqual({ [a.id]: ["lead"], [b.id]: ["lead", "member"] })
    expect(await db.prisma.teamMember.findFirst({ where: { teamId: team.id, member: { userId: b.id } }, select: { roles: true } })).toEqual({ roles: "lead,member" })
    expect((await orgs().activity({ userId: owner.id }, org.id)).find((e) => e.type === "team-member-role-changed")).toMatchObject({
      actorId: owner.id,
      subject: b.id,
      detail: `${team.id}: lead, member`,
    })
  })

  it("a lead manages their own team's members, and nothing else", async () => {
    const { owner, org, members: [lead, m1, m2, outsider] } = await organization("member", "member", "member", "member")
    const mine = await orgs().createTeam({ userId: owner.id }, org.id, { name: "Mine" })
    const theirs = await orgs().createTeam({ userId: owner.id }, org.id, { name: "Theirs" })
    await orgs().addTeamMember({ userId: owner.id }, org.id, mine.id, { userId: lead.id, roles: ["lead"] })
    await orgs().addTeamMember({ userId: owner.id }, org.id, theirs.id, { userId: m2.id, roles: ["lead"] })
    const asLead = { userId: lead.id }

    await orgs().addTeamMember(asLead, org.id, mine.id, { userId: m1.id })
    await orgs().addTeamMember(asLead, org.id, mine.id, { userId: m2.id, roles: ["lead"] })
    await orgs().changeTeamRoles(asLead, org.id, mine.id, m2.id, ["member"])
    await orgs().removeTeamMember(asLead, org.id, mine.id, m2.id)
    expect(await rolesIn(org.id, mine.id, lead.id)).toEqual({ [lead.id]: ["lead"], [m1.id]: ["member"] })

    const before = await stateOf(org.id)
    // Another team, the organization's teams themselves, and the organization's members are not theirs.
    expect(await refusal(() => orgs().addTeamMember(asLead, org.id, theirs.id, { userId: m1.id }))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().removeTeamMember(asLead, org.id, theirs.id, m2.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().changeTeamRoles(asLead, org.id, theirs.id, m2.id, ["member"]))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().renameTeam(asLead, org.id, mine.id, "Renamed"))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().deleteTeam(asLead, org.id, mine.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().createTeam(asLead, org.id, { name: "New" }))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().removeMember(asLead, org.id, m1.id))).toBe("organization_forbidden")
    // A plain team member and an organization member outside the team manage nothing.
    expect(await refusal(() => orgs().addTeamMember({ userId: m1.id }, org.id, mine.id, { userId: outsider.id }))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().changeTeamRoles({ userId: m1.id }, org.id, mine.id, m1.id, ["lead"]))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().removeTeamMember({ userId: m1.id }, org.id, mine.id, lead.id))).toBe("organization_forbidden")
    expect(await refusal(() => orgs().addTeamMember({ userId: outsider.id }, org.id, mine.id, { userId: outsider.id, roles: ["lead"] }))).toBe("organization_forbidden")
    expect(await stateOf(org.id)).toEqual(before)

    // Anyone may leave a team.
    await orgs().removeTeamMember({ userId: m1.id }, org.id, mine.id, m1.id)
    expect(Object.keys(await rolesIn(org.id, mine.id, m1.id))).toEqual([lead.id])
  })

  it("app-defined team roles: a coordinator adds members but hands out, takes and raises nothing beyond their own", async () => {
    const teamConfig = { ...config, organizations: { ...config.organizations!, teams: { access: defineTeamAccess({ resources: teamResources, roles: { coordinator: { teamMember: ["add"] } } }) } } }
    const custom = organizationOperations(teamConfig)
    const owner = await account(db)
    const { organization: org } = await custom.create({ userId: owner.id }, { name: "Custom", slug: `teams-custom-${strategy}` })
    const people = []
    for (let i = 0; i < 3; i++) {
      const who = await account(db)
      await custom.acceptInvitation({ userId: who.id }, (await custom.invite({ userId: owner.id }, org.id, { email: who.email })).token)
      people.push(who)
    }
    const [coordinator, lead, newcomer] = people
    const team = await custom.createTeam({ userId: owner.id }, org.id, { name: "Ops" })
    await custom.addTeamMember({ userId: owner.id }, org.id, team.id, { userId: coordinator.id, roles: ["coordinator"] })
    await custom.addTeamMember({ userId: owner.id }, org.id, team.id, { userId: lead.id, roles: ["lead"] })
    const me = { userId: coordinator.id }
    expect(await refusal(() => custom.addTeamMember(me, org.id, team.id, { userId: newcomer.id, roles: ["lead"] }))).toBe("organization_forbidden")
    expect(await refusal(() => custom.changeTeamRoles(me, org.id, team.id, coordinator.id, ["lead"]))).toBe("organization_forbidden")
    expect(await refusal(() => custom.removeTeamMember(me, org.id, team.id, lead.id))).toBe("organization_forbidden")
    expect((await custom.addTeamMember(me, org.id, team.id, { userId: newcomer.id })).roles).toEqual(["member"])
    // A lead changing their own roles can only lower them.
    await custom.changeTeamRoles({ userId: lead.id }, org.id, team.id, lead.id, ["coordinator"])
    expect(await refusal(() => custom.changeTeamRoles({ userId: lead.id }, org.id, team.id, lead.id, ["lead"]))).toBe("organization_forbidden")
    expect(() => defineTeamAccess({ resources: teamResources, roles: { lead: {} } })).toThrow(TypeError)
  })

  it("a member of A naming B's teams or B's users is refused as not found, and B is unchanged", async () => {
    const a = await organization("member")
    const b = await organization("member")
    const teamA = await orgs().createTeam({ userId: a.owner.id }, a.org.id, { name: "A team" })
    const teamB = await orgs().createTeam({ userId: b.owner.id }, b.org.id, { name: "B team" })
    await orgs().addTeamMember({ userId: b.owner.id }, b.org.id, teamB.id, { userId: b.members[0].id, roles: ["lead"] })
    const attacker = { userId: a.owner.id }
    const before = await stateOf(b.org.id)

    const calls: [string, string, () => Promise<unknown>][] = [
      // B's organization id: A's owner is no member of it.
      ["createTeam in B", "organization_not_found", () => orgs().createTeam(attacker, b.org.id, { name: "Spy" })],
      ["teams of B", "organization_not_found", () => orgs().teams(attacker, b.org.id)],
      ["team of B", "organization_not_found", () => orgs().team(attacker, b.org.id, teamB.id)],
      ["renameTeam in B", "organization_not_found", () => orgs().renameTeam(attacker, b.org.id, teamB.id, "Owned")],
      ["deleteTeam in B", "organization_not_found", () => orgs().deleteTeam(attacker, b.org.id, teamB.id)],
      ["teamMembers in B", "organization_not_found", () => orgs().teamMembers(attacker, b.org.id, teamB.id)],
      ["addTeamMember in B", "organization_not_found", () => orgs().addTeamMember(attacker, b.org.id, teamB.id, { userId: a.owner.id, roles: ["lead"] })],
      ["changeTeamRoles in B", "organization_not_found", () => orgs().changeTeamRoles(attacker, b.org.id, teamB.id, b.members[0].id, ["member"])],
      ["removeTeamMember in B", "organization_not_found", () => orgs().removeTeamMember(attacker, b.org.id, teamB.id, b.members[0].id)],
      // A's organization id with B's team id: the team is not A's.
      ["team (B's team via A)", "team_not_found", () => orgs().team(attacker, a.org.id, teamB.id)],
      ["renameTeam (B's team via A)", "team_not_found", () => orgs().renameTeam(attacker, a.org.id, teamB.id, "Owned")],
      ["deleteTeam (B's team via A)", "team_not_found", () => orgs().deleteTeam(attacker, a.org.id, teamB.id)],
      ["teamMembers (B's team via A)", "team_not_found", () => orgs().teamMembers(attacker, a.org.id, teamB.id)],
      ["addTeamMember (B's team via A)", "team_not_found", () => orgs().addTeamMember(attacker, a.org.id, teamB.id, { userId: a.owner.id })],
      ["changeTeamRoles (B's team via A)", "team_not_found", () => orgs().changeTeamRoles(attacker, a.org.id, teamB.id, b.members[0].id, ["member"])],
      ["removeTeamMember (B's team via A)", "team_not_found", () => orgs().removeTeamMember(attacker, a.org.id, teamB.id, b.members[0].id)],
      // A's own team with B's users: they are no members of A.
      ["addTeamMember (B's member into A)", "member_not_found", () => orgs().addTeamMember(attacker, a.org.id, teamA.id, { userId: b.members[0].id })],
      ["addTeamMember (B's owner into A)", "member_not_found", () => orgs().addTeamMember(attacker, a.org.id, teamA.id, { userId: b.owner.id })],
      ["changeTeamRoles (B's member in A)", "member_not_found", () => orgs().changeTeamRoles(attacker, a.org.id, teamA.id, b.members[0].id, ["lead"])],
      ["removeTeamMember (B's member from A)", "member_not_found", () => orgs().removeTeamMember(attacker, a.org.id, teamA.id, b.members[0].id)],
    ]
    for (const [name, code, call] of calls) expect(await refusal(call), name).toBe(code)
    expect(await stateOf(b.org.id)).toEqual(before)
    expect(await db.prisma.teamMember.count({ where: { teamId: teamA.id } })).toBe(0)
  })

  it("someone in no organization, and malformed ids, are refused with a code, never a crash", async () => {
    const { owner, org } = await organization()
    const team = await orgs().createTeam({ userId: owner.id }, org.id, { name: "Closed" })
    const stranger = await account(db)
    const before = await stateOf(org.id)
    const s = { userId: stranger.id }
    expect(await refusal(() => orgs().teams(s, org.id))).toBe("organization_not_found")
    expect(await refusal(() => orgs().teamMembers(s, org.id, team.id))).toBe("organization_not_found")
    expect(await refusal(() => orgs().addTeamMember(s, org.id, team.id, { userId: stranger.id, roles: ["lead"] }))).toBe("organization_not_found")
    // The owner adding someone who is not a member of the organization.
    expect(await refusal(() => orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: stranger.id }))).toBe("member_not_found")
    for (const junk of [undefined, null, 42, {}, "", "\u0000", "x".repeat(5000)] as unknown[]) {
      const id = junk as string
      expect(await refusal(() => orgs().team({ userId: owner.id }, org.id, id)), String(junk)).toBe("team_not_found")
      expect(await refusal(() => orgs().renameTeam({ userId: owner.id }, org.id, id, "Name"))).toBe("team_not_found")
      expect(await refusal(() => orgs().deleteTeam({ userId: owner.id }, org.id, id))).toBe("team_not_found")
      expect(await refusal(() => orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: id }))).toBe("member_not_found")
      expect(await refusal(() => orgs().removeTeamMember({ userId: owner.id }, org.id, team.id, id))).toBe("member_not_found")
      expect(await refusal(() => orgs().addTeamMember({ userId: owner.id }, org.id, team.id, junk as { userId: string }))).toBe("member_not_found")
    }
    expect(await stateOf(org.id)).toEqual(before)
  })

  it("a membership that ends takes its team memberships with it: removed, left, or the organization deleted", async () => {
    const { owner, org, members: [removed, leaving] } = await organization("member", "member")
    const one = await orgs().createTeam({ userId: owner.id }, org.id, { name: "One" })
    const two = await orgs().createTeam({ userId: owner.id }, org.id, { name: "Two" })
    for (const team of [one, two]) {
      for (const who of [removed, leaving]) await orgs().addTeamMember({ userId: owner.id }, org.id, team.id, { userId: who.id, roles: ["lead"] })
    }
    const teamRowsOf = (userId: string) => db.prisma.teamMember.count({ where: { member: { userId } } })
    expect(await teamRowsOf(removed.id)).toBe(2)

    await orgs().removeMember({ userId: owner.id }, org.id, removed.id)
    expect(await teamRowsOf(removed.id)).toBe(0)
    expect(await refusal(() => orgs().teamMembers({ userId: removed.id }, org.id, one.id))).toBe("organization_not_found")
    expect(await refusal(() => orgs().addTeamMember({ userId: removed.id }, org.id, one.id, { userId: removed.id }))).toBe("organization_not_found")
    // Invited back, they start in no team.
    await orgs().acceptInvitation({ userId: removed.id }, (await orgs().invite({ userId: owner.id }, org.id, { email: removed.email })).token)
    expect(await teamRowsOf(removed.id)).toBe(0)

    await orgs().leave({ userId: leaving.id }, org.id)
    expect(await teamRowsOf(leaving.id)).toBe(0)
    expect(Object.keys(await rolesIn(org.id, one.id, owner.id))).toEqual([])

    await orgs().addTeamMember({ userId: owner.id }, org.id, one.id, { userId: removed.id })
    await orgs().delete({ userId: owner.id }, org.id)
    expect(await db.prisma.team.count({ where: { organizationId: org.id } })).toBe(0)
    expect(await teamRowsOf(removed.id)).toBe(0)
  })

  it("teams are off unless asked for; asking for them with an adapter that lacks them fails at start", async () => {
    const { owner, org } = await organization()
    const noTeams = organizationOperations({ ...config, organizations: { ...config.organizations!, teams: false } })
    await expect(noTeams.createTeam({ userId: owner.id }, org.id, { name: "Nope" })).rejects.toBeInstanceOf(OrganizationsUnsupported)
    const { listTeams: _dropped, ...adapter } = config.adapter as NonNullable<AuthConfig["adapter"]>
    const broken: AuthConfig = { ...config, adapter }
    expect((await Auth(new Request("http://localhost:3000/auth/session"), config)).status).toBe(200)
    expect((await Auth(new Request("http://localhost:3000/auth/session"), broken)).status).toBe(500)
    expect((await Auth(new Request("http://localhost:3000/auth/session"), { ...broken, organizations: { ...config.organizations!, teams: false } })).status).toBe(200)
  })
})
