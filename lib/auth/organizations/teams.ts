/**
 * Teams within an organization: creating, renaming and deleting
 * them (the organization permissions team: create / update / delete, owners
 * and admins by default) and listing them (any member). Their members:
 * ./team-members.ts.
 */
import type { ResolvedConfig } from "../config/resolved"
import { OrganizationError } from "../errors"
import { recordOrganizationEvent } from "./activity"
import { membershipOf, requirePermission, type OrganizationActor } from "./context"
import { organizationName } from "./slug"
import { teamAdapter, teamScope } from "./team-context"
import type { AdapterTeam } from "./team-types"

/** A team's name follows the organization name's rules (trimmed, 1-100 characters, no control characters). */
function teamName(name: unknown): string {
  const checked = organizationName(name)
  if (!checked) throw new OrganizationError("invalid_team_name")
  return checked
}

export async function createTeam(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, input: { name: string }): Promise<AdapterTeam> {
  const adapter = teamAdapter(config)
  const membership = await requirePermission(config, actor, organizationId, { team: ["create"] })
  const team = await adapter.createTeam(membership.organization.id, teamName(input?.name))
  if (!team) throw new OrganizationError("team_name_taken")
  await recordOrganizationEvent(config, { type: "team-created", organizationId: team.organizationId, actorId: membership.member.userId, subject: team.id, detail: team.name })
  return team
}

export async function listTeams(config: ResolvedConfig, actor: OrganizationActor, organizationId: string): Promise<AdapterTeam[]> {
  const adapter = teamAdapter(config)
  const membership = await membershipOf(config, actor, organizationId)
  return adapter.listTeams(membership.organization.id)
}

/** One team of the organization, for any of its members. */
export async function getTeam(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, teamId: string): Promise<AdapterTeam> {
  return (await teamScope(config, actor, organizationId, teamId)).team
}

export async function renameTeam(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, teamId: string, name: string): Promise<AdapterTeam> {
  const adapter = teamAdapter(config)
  const membership = await requirePermission(config, actor, organizationId, { team: ["update"] })
  const renamed = typeof teamId === "string" ? await adapter.renameTeam(membership.organization.id, teamId, teamName(name)) : null
  if (renamed === "name-taken") throw new OrganizationError("team_name_taken")
  if (!renamed) throw new OrganizationError("team_not_found")
  await recordOrganizationEvent(config, { type: "team-renamed", organizationId: renamed.organizationId, actorId: membership.member.userId, subject: renamed.id, detail: renamed.name })
  return renamed
}

/** Deletes the team; its members stay members of the organization. */
export async function deleteTeam(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, teamId: string): Promise<void> {
  const adapter = teamAdapter(config)
  const membership = await requirePermission(config, actor, organizationId, { team: ["delete"] })
  const team = typeof teamId === "string" ? await adapter.getTeam(membership.organization.id, teamId) : null
  if (!team || !(await adapter.deleteTeam(team.organizationId, team.id))) throw new OrganizationError("team_not_found")
  await recordOrganizationEvent(config, { type: "team-deleted", organizationId: team.organizationId, actorId: membership.member.userId, subject: team.id, detail: team.name })
}
