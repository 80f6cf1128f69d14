/**
 * An organization as a whole: the user's list of theirs, reading one by slug,
 * renaming or changing its slug, and deleting it (owners only).
 */
import type { ResolvedConfig } from "../config/resolved"
import { OrganizationError } from "../errors"
import { recordOrganizationEvent } from "./activity"
import { actorId, membershipOf, membershipsChanged, organizationAdapter, requireOwner, requirePermission, type Membership, type OrganizationActor } from "./context"
import { isValidSlug, organizationName } from "./slug"
import type { AdapterOrganization } from "./types"

/** The actor's organizations with their roles in each, oldest membership first. */
export async function listOrganizations(config: ResolvedConfig, actor: OrganizationActor): Promise<{ organization: AdapterOrganization; roles: string[] }[]> {
  const rows = await organizationAdapter(config).listOrganizationsOfUser(actorId(actor))
  return rows.map(({ organization, member }) => ({ organization, roles: member.roles }))
}

/** The organization with this slug and the actor's membership; organization_not_found for a non-member. */
export async function organizationBySlug(config: ResolvedConfig, actor: OrganizationActor, slug: unknown): Promise<Membership> {
  actorId(actor)
  if (!isValidSlug(slug)) throw new OrganizationError("organization_not_found")
  const organization = await organizationAdapter(config).getOrganizationBySlug(slug)
  if (!organization) throw new OrganizationError("organization_not_found")
  return membershipOf(config, actor, organization.id)
}

export async function updateOrganization(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  changes: { name?: string; slug?: string },
): Promise<AdapterOrganization> {
  await requirePermission(config, actor, organizationId, { organization: ["update"] })
  const name = changes?.name === undefined ? undefined : organizationName(changes.name)
  if (name === null) throw new OrganizationError("invalid_organization_name")
  const slug = changes?.slug
  if (slug !== undefined && !isValidSlug(slug)) throw new OrganizationError("invalid_slug")
  const adapter = organizationAdapter(config)
  const updated = await adapter.updateOrganization(organizationId, { name, slug })
  if (updated === "slug-taken") throw new OrganizationError("slug_taken")
  if (!updated) throw new OrganizationError("organization_not_found")
  // Every member's jwt snapshot names the old name or slug (the database moved their versions on).
  if (config.revocation) membershipsChanged(config, (await adapter.listMembers(organizationId)).map((member) => member.userId))
  return updated
}

/** Deletes the organization with everything in it; its members' sessions lose it as active organization. */
export async function deleteOrganization(config: ResolvedConfig, actor: OrganizationActor, organizationId: string): Promise<void> {
  const membership = await requirePermission(config, actor, organizationId, { organization: ["delete"] })
  requireOwner(membership)
  const adapter = organizationAdapter(config)
  const members = config.revocation ? await adapter.listMembers(organizationId) : []
  if (!(await adapter.deleteOrganization(organizationId))) throw new OrganizationError("organization_not_found")
  membershipsChanged(config, members.map((member) => member.userId))
  await recordOrganizationEvent(
    config,
    { type: "organization-deleted", organizationId, actorId: membership.member.userId, subject: null, detail: membership.organization.slug },
    { log: false },
  )
}
