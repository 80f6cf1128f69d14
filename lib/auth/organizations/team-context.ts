/**
 * What every team operation starts with: the team adapter, the actor's
 * membership of the organization, and the team, looked up within that
 * organization only (a team id of another organization is team_not_found).
 * Who may manage a team's members: whoever the organization's roles grant
 * `team: ["update"]` (owners and admins by default), and members of that very
 * team whose team roles grant the action (a lead, by default).
 */
import type { TeamAdapter } from "../adapters/capabilities"
import type { ResolvedConfig } from "../config/resolved"
import type { ResolvedTeams } from "../config/teams"
import { OrganizationError, OrganizationsUnsupported } from "../errors"
import { membershipOf, type Membership, type OrganizationActor } from "./context"
import type { AdapterTeam, AdapterTeamMember } from "./team-types"

export type TeamAction = "add" | "remove" | "update-role"

export interface TeamScope {
  membership: Membership
  team: AdapterTeam
  /** The actor's own place in the team, when they are in it. */
  own: AdapterTeamMember | null
  /** Whether the organization's roles let the actor manage every team (not only through team roles). */
  organizationWide: boolean
}

export function teamsOf(config: ResolvedConfig): ResolvedTeams {
  const teams = config.organizations.teams
  if (!teams) throw new OrganizationsUnsupported("Teams are off: set organizations.teams with an adapter that stores them.")
  return teams
}

export const teamAdapter = (config: ResolvedConfig): TeamAdapter => teamsOf(config).adapter

/** The actor's membership and the team; organization_not_found for a non-member, team_not_found for a team not of this organization. */
export async function teamScope(config: ResolvedConfig, actor: OrganizationActor, organizationId: unknown, teamId: unknown): Promise<TeamScope> {
  const adapter = teamAdapter(config)
  const membership = await membershipOf(config, actor, organizationId)
  const organization = membership.organization.id
  const team = typeof teamId === "string" && teamId !== "" ? await adapter.getTeam(organization, teamId) : null
  if (!team) throw new OrganizationError("team_not_found")
  const own = await adapter.getTeamMember(organization, team.id, membership.member.userId)
  const organizationWide = config.organizations.access.rolesGrant(membership.member.roles, { team: ["update"] })
  return { membership, team, own, organizationWide }
}

/** Refuses (organization_forbidden, nothing changed) unless the scope's actor may do `action` to this team's members. */
export function requireTeamAction(config: ResolvedConfig, scope: TeamScope, action: TeamAction): void {
  if (scope.organizationWide) return
  if (scope.own && teamsOf(config).access.rolesGrant(scope.own.roles, { teamMember: [action] })) return
  throw new OrganizationError("organization_forbidden")
}

/** The scope when the actor may do `action` to this team's members. */
export async function requireTeamPermission(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: unknown,
  teamId: unknown,
  action: TeamAction,
): Promise<TeamScope> {
  const scope = await teamScope(config, actor, organizationId, teamId)
  requireTeamAction(config, scope, action)
  return scope
}
