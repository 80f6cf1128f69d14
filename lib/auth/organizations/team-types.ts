/**
 * Teams' vocabulary: a team within one organization and a member of
 * that organization in a team, with their team roles. Types only.
 */

export interface AdapterTeam {
  id: string
  organizationId: string
  name: string
  createdAt: Date
}

export interface AdapterTeamMember {
  id: string
  teamId: string
  /** The user, always a member of the team's organization. */
  userId: string
  roles: string[]
  createdAt: Date
}

/**
 * What adding someone to a team answers: the new team membership, or why not:
 * no such team in that organization, the user is no member of it, or already in the team.
 */
export type AddTeamMemberResult = AdapterTeamMember | "team-not-found" | "member-not-found" | "already-in-team"
