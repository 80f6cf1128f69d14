/**
 * Members of an organization: listing them, changing roles, transferring
 * ownership, removing a member and leaving. The rules: nobody raises their
 * own role (a change to your own roles may grant nothing you did not hold); only an owner gives or takes the owner role; an organization
 * always keeps an owner (the adapter's conditional write refuses the change
 * that would leave none, also when two happen at once).
 *
 * A removed member loses the organization at once: the database strategy's
 * session rows lose it as active organization in the statement that deletes
 * the membership (a trigger), and under the jwt strategy the same statement
 * moves the user's memberships version on, so the snapshot their token holds
 * is trusted nowhere (in this process at once, in others within the
 * revocation delay) and is dropped at their next read
 * (session/organization-claims.ts). Every other check reads the membership
 * from the database, so nothing the removed member's browser holds grants access.
 * The invitations a member sent end with their right to send them
 * (./inviter-authority.ts): on removal, leaving, and a demotion that takes it.
 */
import type { AccessControl } from "../access/control"
import type { ResolvedConfig } from "../config/resolved"
import { OrganizationError } from "../errors"
import { recordSecurityEvent } from "../security-log/record"
import type { Cookie } from "../types"
import { currentSession, storeActiveOrganization } from "./active"
import { activityOf, recordOrganizationEvent } from "./activity"
import { isOwner, membershipOf, membershipsChanged, organizationAdapter, requireOwner, requirePermission, type OrganizationActor } from "./context"
import { voidInvitationsOf } from "./inviter-authority"
import { isOrganizationRole } from "./roles"
import { ORG_ADMIN_ROLE, OWNER_ROLE, type AdapterMember, type MembershipChange, type OrganizationActivityEntry } from "./types"

/** Whether `wanted` grants any action `current` does not, or the owner role `current` lacks. */
function raises(access: AccessControl, current: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.includes(OWNER_ROLE) && !current.includes(OWNER_ROLE)) return true
  return Object.entries(access.resources).some(([resource, actions]) =>
    actions.some((action) => access.rolesGrant(wanted, { [resource]: [action] }) && !access.rolesGrant(current, { [resource]: [action] })),
  )
}

function refuse(change: MembershipChange): void {
  if (change === "last-owner") throw new OrganizationError("last_owner", "An organization keeps at least one owner")
  if (change === "not-found") throw new OrganizationError("member_not_found")
}

export async function listMembers(config: ResolvedConfig, actor: OrganizationActor, organizationId: string): Promise<AdapterMember[]> {
  await membershipOf(config, actor, organizationId)
  return organizationAdapter(config).listMembers(organizationId)
}

/** Sets a member's roles. Your own roles can only shrink; the owner role is given or taken by an owner only. */
export async function changeMemberRoles(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  const membership = await requirePermission(config, actor, organizationId, { member: ["update-role"] })
  const wanted = Array.isArray(roles) ? [...new Set<string>(roles)] : []
  if (wanted.length === 0 || wanted.some((role) => typeof role !== "string" || !isOrganizationRole(config.organizations.access, role))) {
    throw new OrganizationError("invalid_role")
  }
  const adapter = organizationAdapter(config)
  const target = typeof userId === "string" ? await adapter.getMember(organizationId, userId) : null
  if (!target) throw new OrganizationError("member_not_found")
  if (userId === membership.member.userId && raises(config.organizations.access, membership.member.roles, wanted)) {
    throw new OrganizationError("own_role", "Nobody raises their own role")
  }
  if ((isOwner(target) || wanted.includes(OWNER_ROLE)) && !isOwner(membership.member)) {
    throw new OrganizationError("organization_forbidden", "Only an owner gives or takes the owner role")
  }
  refuse(await adapter.setMemberRoles(organizationId, userId, wanted))
  membershipsChanged(config, [userId])
  await recordOrganizationEvent(config, { type: "member-role-changed", organizationId, actorId: membership.member.userId, subject: userId, detail: wanted.join(", ") })
  if (!config.organizations.access.rolesGrant(wanted, { member: ["invite"] })) {
    await voidInvitationsOf(config, organizationId, userId, "inviter-demoted", membership.member.userId)
  }
}

/** Makes `userId` an owner and the acting owner an admin, in that order, so the organization is never without one. */
export async function transferOwnership(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, userId: string): Promise<void> {
  const membership = await membershipOf(config, actor, organizationId)
  requireOwner(membership)
  if (userId === membership.member.userId) return
  const adapter = organizationAdapter(config)
  const target = typeof userId === "string" ? await adapter.getMember(organizationId, userId) : null
  if (!target) throw new OrganizationError("member_not_found")
  refuse(await adapter.setMemberRoles(organizationId, userId, [OWNER_ROLE]))
  refuse(await adapter.setMemberRoles(organizationId, membership.member.userId, [ORG_ADMIN_ROLE]))
  membershipsChanged(config, [userId, membership.member.userId])
  await recordOrganizationEvent(config, { type: "ownership-transferred", organizationId, actorId: membership.member.userId, subject: userId, detail: null })
}

/** Removes another member (yourself: leaveOrganization). Removing an owner takes an owner. */
export async function removeMember(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, userId: string): Promise<void> {
  const membership = await requirePermission(config, actor, organizationId, { member: ["remove"] })
  if (userId === membership.member.userId) throw new OrganizationError("organization_forbidden", "Use leaveOrganization to leave")
  const adapter = organizationAdapter(config)
  const target = typeof userId === "string" ? await adapter.getMember(organizationId, userId) : null
  if (!target) throw new OrganizationError("member_not_found")
  if (isOwner(target) && !isOwner(membership.member)) throw new OrganizationError("organization_forbidden", "Only an owner removes an owner")
  refuse(await adapter.removeMember(organizationId, userId))
  membershipsChanged(config, [userId])
  await recordOrganizationEvent(config, { type: "member-removed", organizationId, actorId: membership.member.userId, subject: userId, detail: null })
  await voidInvitationsOf(config, organizationId, userId, "inviter-removed", membership.member.userId)
  await recordSecurityEvent(config, actor.request ?? null, { userId, type: "organization-left", detail: membership.organization.name, actorId: membership.member.userId })
}

/** Leaves the organization; the last owner cannot (transfer ownership or delete it first). */
export async function leaveOrganization(config: ResolvedConfig, actor: OrganizationActor, organizationId: string): Promise<{ cookies: Cookie[] }> {
  const membership = await membershipOf(config, actor, organizationId)
  const userId = membership.member.userId
  refuse(await organizationAdapter(config).removeMember(organizationId, userId))
  membershipsChanged(config, [userId])
  // This browser's token drops the claim; the user's other jwt sessions keep a claim that no longer grants anything.
  let cookies: Cookie[] = []
  const session = actor.request ? await currentSession(config, actor.request) : null
  if (session?.strategy === "jwt" && session.userId === userId && session.activeOrganizationId === organizationId) {
    cookies = await storeActiveOrganization(config, session, null)
  }
  await recordOrganizationEvent(config, { type: "member-left", organizationId, actorId: userId, subject: userId, detail: null })
  await voidInvitationsOf(config, organizationId, userId, "inviter-left", userId)
  await recordSecurityEvent(config, actor.request ?? null, { userId, type: "organization-left", detail: membership.organization.name })
  return { cookies }
}

/** The organization's activity log, newest first: for its owners and admins only. */
export async function organizationActivity(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  limit?: number,
): Promise<OrganizationActivityEntry[]> {
  const membership = await membershipOf(config, actor, organizationId)
  if (!membership.member.roles.some((role) => role === OWNER_ROLE || role === ORG_ADMIN_ROLE)) throw new OrganizationError("organization_forbidden")
  return activityOf(config, organizationId, limit)
}
