/**
 * What every organization operation starts with: the adapter, and the
 * caller's membership of the organization they name. A caller who is not a
 * member gets the same answer as for an organization that does not exist
 * (organization_not_found), so ids and slugs of other tenants reveal nothing.
 * Membership and roles are always read from the database, never from a
 * token: a role taken away or a removal counts at once. A read-only call may
 * bring the membership its request already read from the database (the
 * database strategy's session statement on an organization page), which then
 * stands in for reading the same rows again.
 */
import type { OrganizationAdapter } from "../adapters/capabilities"
import type { PermissionRequest, Resources } from "../access/control"
import type { ResolvedConfig } from "../config/resolved"
import { OrganizationError, OrganizationsUnsupported, PermissionDenied } from "../errors"
import { OWNER_ROLE, type AdapterMember, type AdapterOrganization } from "./types"

/** Who is acting: the signed-in user (from their session), and the request for logs and the active organization. */
export interface OrganizationActor {
  userId: string
  request?: Request | null
  /** Read-only operations: this user's membership as this request already read it from the database. */
  membership?: Membership
  /**
   * Read-only operations of one request: the memberships it has read from the database so far, by
   * user and organization, shared by all its reads. A page that lists invitations and activity side
   * by side then reads the membership once; each request starts with its own.
   */
  membershipReads?: Map<string, Promise<Membership | null>>
}

export interface Membership {
  organization: AdapterOrganization
  member: AdapterMember
}

export function organizationAdapter(config: ResolvedConfig): OrganizationAdapter {
  const adapter = config.organizations.adapter
  if (!adapter) throw new OrganizationsUnsupported("Organizations are off: set organizations.enabled with an adapter that stores them.")
  return adapter
}

export function actorId(actor: OrganizationActor | null | undefined): string {
  if (!actor || typeof actor.userId !== "string" || actor.userId === "") throw new PermissionDenied("signed_out")
  return actor.userId
}

/** The actor's membership of the organization; organization_not_found when there is none (or no organization). */
export async function membershipOf(config: ResolvedConfig, actor: OrganizationActor, organizationId: unknown): Promise<Membership> {
  const userId = actorId(actor)
  if (typeof organizationId !== "string" || organizationId === "") throw new OrganizationError("organization_not_found")
  const known = actor.membership
  if (known && known.organization.id === organizationId && known.member.userId === userId) return known
  const membership = await sharedRead(actor.membershipReads, `${userId}\u0000${organizationId}`, async () => {
    // The member row with its organization, in one statement (the version that comes with it is not needed here).
    return (await organizationAdapter(config).getActiveMembership(userId, organizationId)).membership
  })
  if (!membership) throw new OrganizationError("organization_not_found")
  return membership
}

/** The read under `key` in `reads`, started once; with no `reads`, simply the read. */
function sharedRead<T>(reads: Map<string, Promise<T>> | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!reads) return read()
  let pending = reads.get(key)
  if (!pending) {
    pending = read()
    reads.set(key, pending)
  }
  return pending
}

/** The membership when its roles grant `permission`; organization_forbidden (nothing changed) when they do not. */
export async function requirePermission(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: unknown,
  permission: PermissionRequest<Resources>,
): Promise<Membership> {
  const membership = await membershipOf(config, actor, organizationId)
  if (!config.organizations.access.rolesGrant(membership.member.roles, permission)) throw new OrganizationError("organization_forbidden")
  return membership
}

/**
 * This process changed the users' memberships (joined, created, removed, left, roles, deleted, renamed): their next
 * request reads the memberships version afresh, so no jwt snapshot of the old membership is trusted
 * here again. The database moved the version on in the same statement (a trigger); other processes
 * see it within the revocation delay.
 */
export function membershipsChanged(config: ResolvedConfig, userIds: Iterable<string>): void {
  if (!config.revocation) return
  for (const userId of userIds) config.revocation.membershipsChanged(userId)
}

export const isOwner = (member: Pick<AdapterMember, "roles">) => member.roles.includes(OWNER_ROLE)

/** Some acts are the owners' alone, whatever the access definition grants. */
export function requireOwner(membership: Membership): void {
  if (!isOwner(membership.member)) throw new OrganizationError("organization_forbidden", "Only an owner may do this")
}
