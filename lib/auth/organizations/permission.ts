/**
 * The permission question inside one organization:
 * `hasPermission(actor, { member: ["invite"] }, { organization })`, answered
 * from the actor's membership as the database has it now, through the
 * organization's access-control definition (./roles.ts).
 */
import type { PermissionRequest, Resources } from "../access/control"
import type { ResolvedConfig } from "../config/resolved"
import { organizationAdapter, type OrganizationActor } from "./context"

export async function hasOrganizationPermission(
  config: ResolvedConfig,
  actor: OrganizationActor | null | undefined,
  request: PermissionRequest<Resources>,
  scope: { organization: string },
): Promise<boolean> {
  if (!actor || typeof actor.userId !== "string" || actor.userId === "" || typeof scope?.organization !== "string") return false
  const member = await organizationAdapter(config).getMember(scope.organization, actor.userId)
  return member !== null && config.organizations.access.rolesGrant(member.roles, request)
}
