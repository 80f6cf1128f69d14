/**
 * A team's members: adding a member of the organization to a team,
 * changing their team roles, removing them, listing them. Allowed to the
 * organization's team managers (`team: ["update"]`) everywhere, and to a team's
 * own members as far as their team roles go (a lead: everything in their
 * team). Someone acting through team roles only hands out, changes or removes
 * roles their own roles cover: a coordinator cannot make a lead, nor remove
 * one, and nobody raises their own team role. Anyone may leave a team.
 */
import type { ResolvedConfig } from "../config/resolved"
import { OrganizationError } from "../errors"
import { recordOrganizationEvent } from "./activity"
import type { OrganizationActor } from "./context"
import { requireTeamAction, requireTeamPermission, teamAdapter, teamScope, teamsOf, type TeamScope } from "./team-context"
import { TEAM_MEMBER_ROLE, grantsBeyond, isTeamRole } from "./team-roles"
import type { AdapterTeamMember } from "./team-types"

function checkedRoles(config: ResolvedConfig, roles: readonly string[] | undefined): string[] {
  if (roles !== undefined && !Array.isArray(roles)) throw new OrganizationError("invalid_role")
  const list = roles === undefined || roles.length === 0 ? [TEAM_MEMBER_ROLE] : [...new Set(roles)]
  if (!list.every((role) => isTeamRole(teamsOf(config).access, role))) throw new OrganizationError("invalid_role")
  return list
}

/** Refuses a team-role holder handing out or touching roles beyond their own. */
function withinOwnRoles(config: ResolvedConfig, scope: TeamScope, roles: readonly string[]): void {
  if (scope.organizationWide) return
  if (grantsBeyond(teamsOf(config).access, scope.own?.roles ?? [], roles)) throw new OrganizationError("organization_forbidden", "Team roles beyond your own")
}

async function targetOf(config: ResolvedConfig, scope: TeamScope, userId: unknown): Promise<AdapterTeamMember> {
  const target = typeof userId === "string" && userId !== "" ? await teamAdapter(config).getTeamMember(scope.team.organizationId, scope.team.id, userId) : null
  if (!target) throw new OrganizationError("member_not_found")
  return target
}

export async function listTeamMembers(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, teamId: string): Promise<AdapterTeamMember[]> {
  const { team } = await teamScope(config, actor, organizationId, teamId)
  return teamAdapter(config).listTeamMembers(team.organizationId, team.id)
}

/** Adds a member of the organization (by user id) to the team with `roles` (default member). */
export async function addTeamMember(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  teamId: string,
  input: { userId: string; roles?: readonly string[] },
): Promise<AdapterTeamMember> {
  const scope = await requireTeamPermission(config, actor, organizationId, teamId, "add")
  const roles = checkedRoles(config, input?.roles)
  withinOwnRoles(config, scope, roles)
  const userId = input?.userId
  const added = typeof userId === "string" && userId !== "" ? await teamAdapter(config).addTeamMember(scope.team.organizationId, scope.team.id, userId, roles) : "member-not-found"
  if (added === "team-not-found") throw new OrganizationError("team_not_found")
  if (added === "member-not-found") throw new OrganizationError("member_not_found")
  if (added === "already-in-team") throw new OrganizationError("already_in_team")
  await recordOrganizationEvent(config, {
    type: "team-member-added",
    organizationId: scope.team.organizationId,
    actorId: scope.membership.member.userId,
    subject: added.userId,
    detail: `${scope.team.id}: ${added.roles.join(", ")}`,
  })
  return added
}

/** Sets a team member's roles. */
export async function changeTeamMemberRoles(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  teamId: string,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  const scope = await requireTeamPermission(config, actor, organizationId, teamId, "update-role")
  if (!Array.isArray(roles) || roles.length === 0) throw new OrganizationError("invalid_role")
  const wanted = checkedRoles(config, roles)
  const target = await targetOf(config, scope, userId)
  const self = target.userId === scope.membership.member.userId
  if (self && !scope.organizationWide && grantsBeyond(teamsOf(config).access, target.roles, wanted)) throw new OrganizationError("own_role", "Nobody raises their own team role")
  withinOwnRoles(config, scope, [...wanted, ...target.roles])
  if (!(await teamAdapter(config).setTeamMemberRoles(scope.team.organizationId, scope.team.id, target.userId, wanted))) throw new OrganizationError("member_not_found")
  await recordOrganizationEvent(config, {
    type: "team-member-role-changed",
    organizationId: scope.team.organizationId,
    actorId: scope.membership.member.userId,
    subject: target.userId,
    detail: `${scope.team.id}: ${wanted.join(", ")}`,
  })
}

/** Removes someone from the team (they stay a member of the organization). Leaving a team needs no permission. */
export async function removeTeamMember(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, teamId: string, userId: string): Promise<void> {
  const scope = await teamScope(config, actor, organizationId, teamId)
  const leaving = typeof userId === "string" && userId === scope.membership.member.userId && scope.own !== null
  if (!leaving) requireTeamAction(config, scope, "remove")
  const target = await targetOf(config, scope, userId)
  if (!leaving) withinOwnRoles(config, scope, target.roles)
  if (!(await teamAdapter(config).removeTeamMember(scope.team.organizationId, scope.team.id, target.userId))) throw new OrganizationError("member_not_found")
  await recordOrganizationEvent(config, {
    type: "team-member-removed",
    organizationId: scope.team.organizationId,
    actorId: scope.membership.member.userId,
    subject: target.userId,
    detail: scope.team.id,
  })
}
