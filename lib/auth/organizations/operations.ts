/**
 * The organization operations bound to the app's configuration object
 * (resolved once per object, as Auth() does). Each checks the actor's
 * membership and permission itself: a caller never has to.
 *
 *   const orgs = organizationOperations(authConfig)
 *   const { organization, cookies } = await orgs.create({ userId, request }, { name: "Acme", slug: "acme" })
 *   await orgs.hasPermission({ userId }, { member: ["invite"] }, { organization: organization.id })
 */
import type { PermissionRequest, Resources } from "../access/control"
import { resolveAuthConfig } from "../auth"
import type { AuthConfig } from "../config/types"
import { activeOrganization, activeOrganizationHint, setActiveOrganization } from "./active"
import type { OrganizationActor } from "./context"
import { createOrganization, type NewOrganization } from "./create"
import { acceptInvitation, acceptInvitationAtSignUp, cancelInvitation, declineInvitation, invitationByToken, inviteMember, listInvitations } from "./invitations"
import { deleteOrganization, listOrganizations, organizationBySlug, updateOrganization } from "./manage"
import { changeMemberRoles, leaveOrganization, listMembers, organizationActivity, removeMember, transferOwnership } from "./members"
import { hasOrganizationPermission, type PermissionSubject } from "./permission"
import { addTeamMember, changeTeamMemberRoles, listTeamMembers, removeTeamMember } from "./team-members"
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam } from "./teams"

export function organizationOperations(authConfig: AuthConfig) {
  const config = resolveAuthConfig(authConfig)
  return {
    create: (actor: OrganizationActor, input: NewOrganization) => createOrganization(config, actor, input),
    list: (actor: OrganizationActor) => listOrganizations(config, actor),
    bySlug: (actor: OrganizationActor, slug: unknown) => organizationBySlug(config, actor, slug),
    update: (actor: OrganizationActor, organizationId: string, changes: { name?: string; slug?: string }) => updateOrganization(config, actor, organizationId, changes),
    delete: (actor: OrganizationActor, organizationId: string) => deleteOrganization(config, actor, organizationId),
    /** `subject`: an actor ({ userId }) or a session the app read (its user.id). */
    hasPermission: (subject: PermissionSubject, request: PermissionRequest<Resources>, scope: { organization: string }) =>
      hasOrganizationPermission(config, subject, request, scope),
    setActive: (request: Request, organizationId: string | null) => setActiveOrganization(config, request, organizationId),
    active: (request: Request) => activeOrganization(config, request),
    activeHint: (request: Request) => activeOrganizationHint(config, request),
    invite: (actor: OrganizationActor, organizationId: string, input: { email: string; roles?: readonly string[] }) => inviteMember(config, actor, organizationId, input),
    invitations: (actor: OrganizationActor, organizationId: string) => listInvitations(config, actor, organizationId),
    invitation: (token: unknown) => invitationByToken(config, token),
    cancelInvitation: (actor: OrganizationActor, organizationId: string, invitationId: string) => cancelInvitation(config, actor, organizationId, invitationId),
    acceptInvitation: (actor: OrganizationActor, token: unknown) => acceptInvitation(config, actor, token),
    /** Sign-up through an invitation: `actor` is the account just created with the invited address. */
    acceptInvitationAtSignUp: (actor: OrganizationActor, token: unknown) => acceptInvitationAtSignUp(config, actor, token),
    /** Anyone holding the link may decline it. */
    declineInvitation: (token: unknown) => declineInvitation(config, token),
    members: (actor: OrganizationActor, organizationId: string) => listMembers(config, actor, organizationId),
    changeRoles: (actor: OrganizationActor, organizationId: string, userId: string, roles: readonly string[]) => changeMemberRoles(config, actor, organizationId, userId, roles),
    transferOwnership: (actor: OrganizationActor, organizationId: string, userId: string) => transferOwnership(config, actor, organizationId, userId),
    removeMember: (actor: OrganizationActor, organizationId: string, userId: string) => removeMember(config, actor, organizationId, userId),
    leave: (actor: OrganizationActor, organizationId: string) => leaveOrganization(config, actor, organizationId),
    activity: (actor: OrganizationActor, organizationId: string, limit?: number) => organizationActivity(config, actor, organizationId, limit),
    createTeam: (actor: OrganizationActor, organizationId: string, input: { name: string }) => createTeam(config, actor, organizationId, input),
    teams: (actor: OrganizationActor, organizationId: string) => listTeams(config, actor, organizationId),
    team: (actor: OrganizationActor, organizationId: string, teamId: string) => getTeam(config, actor, organizationId, teamId),
    renameTeam: (actor: OrganizationActor, organizationId: string, teamId: string, name: string) => renameTeam(config, actor, organizationId, teamId, name),
    deleteTeam: (actor: OrganizationActor, organizationId: string, teamId: string) => deleteTeam(config, actor, organizationId, teamId),
    teamMembers: (actor: OrganizationActor, organizationId: string, teamId: string) => listTeamMembers(config, actor, organizationId, teamId),
    addTeamMember: (actor: OrganizationActor, organizationId: string, teamId: string, input: { userId: string; roles?: readonly string[] }) =>
      addTeamMember(config, actor, organizationId, teamId, input),
    changeTeamRoles: (actor: OrganizationActor, organizationId: string, teamId: string, userId: string, roles: readonly string[]) =>
      changeTeamMemberRoles(config, actor, organizationId, teamId, userId, roles),
    removeTeamMember: (actor: OrganizationActor, organizationId: string, teamId: string, userId: string) => removeTeamMember(config, actor, organizationId, teamId, userId),
  }
}

export type OrganizationOperations = ReturnType<typeof organizationOperations>
