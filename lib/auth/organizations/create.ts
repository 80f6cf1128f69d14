/**
 * Creating an organization: its creator becomes its first member, as owner,
 * in the same write; with the creator's request, it becomes their session's
 * active organization.
 */
import type { ResolvedConfig } from "../config/resolved"
import { OrganizationError } from "../errors"
import type { Cookie } from "../types"
import { currentSession, storeActiveOrganization } from "./active"
import { recordOrganizationEvent } from "./activity"
import { actorId, membershipsChanged, organizationAdapter, type OrganizationActor } from "./context"
import { isValidSlug, organizationName } from "./slug"
import { OWNER_ROLE, type AdapterOrganization } from "./types"

export interface NewOrganization {
  name: string
  slug: string
}

export async function createOrganization(
  config: ResolvedConfig,
  actor: OrganizationActor,
  input: NewOrganization,
): Promise<{ organization: AdapterOrganization; cookies: Cookie[] }> {
  const userId = actorId(actor)
  const name = organizationName(input?.name)
  if (!name) throw new OrganizationError("invalid_organization_name")
  if (!isValidSlug(input?.slug)) throw new OrganizationError("invalid_slug")
  const organization = await organizationAdapter(config).createOrganization({ name, slug: input.slug, creatorId: userId, roles: [OWNER_ROLE] })
  if (!organization) throw new OrganizationError("slug_taken")
  // The creator now belongs to one: a session read that knew them in none must not say so again.
  membershipsChanged(config, [userId])
  await recordOrganizationEvent(config, { type: "organization-created", organizationId: organization.id, actorId: userId, subject: null, detail: organization.slug })
  let cookies: Cookie[] = []
  const session = actor.request ? await currentSession(config, actor.request) : null
  if (session?.userId === userId) cookies = await storeActiveOrganization(config, session, organization.id)
  return { organization, cookies }
}
