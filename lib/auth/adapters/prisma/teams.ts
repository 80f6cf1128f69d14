/**
 * The Prisma side of teams: tables Team and TeamMember. Every read
 * and write names the organization along with the team, so a team id of
 * another organization matches nothing; a team member is always a Member row
 * of the same organization (the lookup is scoped by it), and leaves every
 * team when that membership ends (TeamMember.memberId, onDelete: Cascade).
 */
import { parseStoredRoles, storedRoles } from "../../access/user-access"
import type { AddTeamMemberResult, AdapterTeam, AdapterTeamMember } from "../../organizations/team-types"

const teamSelect = { id: true, organizationId: true, name: true, createdAt: true } as const
const teamMemberSelect = { id: true, teamId: true, roles: true, createdAt: true, member: { select: { userId: true } } } as const

type TeamMemberRow = { id: string; teamId: string; roles: string; createdAt: Date; member: { userId: string } }
type Where = Record<string, unknown>

/** The slice of a Prisma client these methods call. */
export interface PrismaTeamsLike {
  team: {
    create(args: { data: { organizationId: string; name: string }; select: typeof teamSelect }): PromiseLike<AdapterTeam>
    findFirst(args: { where: Where; select: typeof teamSelect }): PromiseLike<AdapterTeam | null>
    findMany(args: { where: Where; select: typeof teamSelect; orderBy: Where }): PromiseLike<AdapterTeam[]>
    updateMany(args: { where: Where; data: { name: string } }): PromiseLike<{ count: number }>
    deleteMany(args: { where: Where }): PromiseLike<{ count: number }>
  }
  teamMember: {
    create(args: { data: { teamId: string; memberId: string; roles: string }; select: typeof teamMemberSelect }): PromiseLike<TeamMemberRow>
    findFirst(args: { where: Where; select: typeof teamMemberSelect }): PromiseLike<TeamMemberRow | null>
    findMany(args: { where: Where; select: typeof teamMemberSelect; orderBy: Where }): PromiseLike<TeamMemberRow[]>
    updateMany(args: { where: Where; data: { roles: string } }): PromiseLike<{ count: number }>
    deleteMany(args: { where: Where }): PromiseLike<{ count: number }>
  }
  member: {
    findFirst(args: { where: Where; select: { id: true } }): PromiseLike<{ id: string } | null>
  }
}

const toTeamMember = ({ member, roles, ...row }: TeamMemberRow): AdapterTeamMember => ({ ...row, userId: member.userId, roles: parseStoredRoles(roles) })

function rolesColumn(roles: readonly string[]): string {
  const stored = storedRoles(roles)
  if (!stored) throw new TypeError("A team member needs at least one role")
  return stored
}

const hasNul = (...values: string[]) => values.some((value) => value.includes("\u0000"))
const prismaCode = (error: unknown): unknown => (typeof error === "object" && error !== null && "code" in error ? error.code : undefined)

/** The team member row of `userId` in `teamId`, both of `organizationId`. */
const inTeam = (organizationId: string, teamId: string, userId: string) => ({ teamId, team: { organizationId }, member: { userId, organizationId } })

export function teamStore(prisma: PrismaTeamsLike) {
  return {
    /** null: the organization already has a team of that name. */
    async createTeam(organizationId: string, name: string): Promise<AdapterTeam | null> {
      try {
        return await prisma.team.create({ data: { organizationId, name }, select: teamSelect })
      } catch (error) {
        if (prismaCode(error) === "P2002") return null
        throw error
      }
    },

    async getTeam(organizationId: string, teamId: string): Promise<AdapterTeam | null> {
      if (hasNul(organizationId, teamId)) return null
      return prisma.team.findFirst({ where: { id: teamId, organizationId }, select: teamSelect })
    },

    async listTeams(organizationId: string): Promise<AdapterTeam[]> {
      if (hasNul(organizationId)) return []
      return prisma.team.findMany({ where: { organizationId }, select: teamSelect, orderBy: { name: "asc" } })
    },

    async renameTeam(organizationId: string, teamId: string, name: string): Promise<AdapterTeam | null | "name-taken"> {
      if (hasNul(organizationId, teamId)) return null
      try {
        if ((await prisma.team.updateMany({ where: { id: teamId, organizationId }, data: { name } })).count === 0) return null
      } catch (error) {
        if (prismaCode(error) === "P2002") return "name-taken"
        throw error
      }
      return prisma.team.findFirst({ where: { id: teamId, organizationId }, select: teamSelect })
    },

    /** Its team memberships go with it (onDelete: Cascade). */
    async deleteTeam(organizationId: string, teamId: string): Promise<boolean> {
      if (hasNul(organizationId, teamId)) return false
      return (await prisma.team.deleteMany({ where: { id: teamId, organizationId } })).count > 0
    },

    async addTeamMember(organizationId: string, teamId: string, userId: string, roles: readonly string[]): Promise<AddTeamMemberResult> {
      if (hasNul(organizationId, teamId)) return "team-not-found"
      if (hasNul(userId)) return "member-not-found"
      const column = rolesColumn(roles)
      if (!(await prisma.team.findFirst({ where: { id: teamId, organizationId }, select: teamSelect }))) return "team-not-found"
      const member = await prisma.member.findFirst({ where: { organizationId, userId }, select: { id: true } })
      if (!member) return "member-not-found"
      try {
        return toTeamMember(await prisma.teamMember.create({ data: { teamId, memberId: member.id, roles: column }, select: teamMemberSelect }))
      } catch (error) {
        if (prismaCode(error) === "P2002") return "already-in-team"
        // The team or the membership was deleted between the lookups and the insert.
        if (prismaCode(error) === "P2003") return "member-not-found"
        throw error
      }
    },

    async getTeamMember(organizationId: string, teamId: string, userId: string): Promise<AdapterTeamMember | null> {
      if (hasNul(organizationId, teamId, userId)) return null
      const row = await prisma.teamMember.findFirst({ where: inTeam(organizationId, teamId, userId), select: teamMemberSelect })
      return row && toTeamMember(row)
    },

    async listTeamMembers(organizationId: string, teamId: string): Promise<AdapterTeamMember[]> {
      if (hasNul(organizationId, teamId)) return []
      const rows = await prisma.teamMember.findMany({ where: { teamId, team: { organizationId } }, select: teamMemberSelect, orderBy: { createdAt: "asc" } })
      return rows.map(toTeamMember)
    },

    async setTeamMemberRoles(organizationId: string, teamId: string, userId: string, roles: readonly string[]): Promise<boolean> {
      if (hasNul(organizationId, teamId, userId)) return false
      const column = rolesColumn(roles)
      return (await prisma.teamMember.updateMany({ where: inTeam(organizationId, teamId, userId), data: { roles: column } })).count > 0
    },

    async removeTeamMember(organizationId: string, teamId: string, userId: string): Promise<boolean> {
      if (hasNul(organizationId, teamId, userId)) return false
      return (await prisma.teamMember.deleteMany({ where: inTeam(organizationId, teamId, userId) })).count > 0
    },
  }
}
