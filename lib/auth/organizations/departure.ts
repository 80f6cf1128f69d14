/**
 * Ending an account that belongs to organizations. An organization always
 * keeps an owner, whatever ends the last one: deleting the account of an
 * organization's only owner is refused, naming the organizations to transfer
 * or delete first (docs/decisions/organization-owner-and-grants.md). Deleting
 * the organization along with the account was the other choice; it would
 * make an account deletion destroy other people's records, or sometimes not,
 * depending on who else had joined.
 *
 * Otherwise the memberships end one by one through the adapter's conditional
 * removal, the same write that keeps an owner when two owners leave at once:
 * an owner whose co-owner left a moment ago is refused here too. The
 * invitations the user sent end with them (./inviter-authority.ts).
 */
import { resolveAuthConfig } from "../auth"
import type { AuthConfig } from "../config/types"
import type { ResolvedConfig } from "../config/resolved"
import { recordOrganizationEvent } from "./activity"
import { isOwner, membershipsChanged, organizationAdapter } from "./context"
import { voidInvitationsOf } from "./inviter-authority"
import type { AdapterOrganization } from "./types"

export type DepartureResult = { status: "done" } | { status: "last-owner"; organizations: AdapterOrganization[] }

/** The organizations whose only owner the user is. */
export async function organizationsOwnedAlone(config: ResolvedConfig, userId: string): Promise<AdapterOrganization[]> {
  if (!config.organizations.adapter) return []
  const adapter = organizationAdapter(config)
  const alone: AdapterOrganization[] = []
  for (const { organization, member } of await adapter.listOrganizationsOfUser(userId)) {
    if (!isOwner(member)) continue
    const owners = (await adapter.listMembers(organization.id)).filter(isOwner)
    if (owners.length <= 1) alone.push(organization)
  }
  return alone
}

/**
 * Before the account of `userId` is deleted: "last-owner" with the organizations (nothing changed)
 * when it is the only owner of any; else every membership is ended and logged, with `actorId` (the
 * admin, or the user themself) as who did it. A co-owner leaving at the same moment can still turn
 * one removal into "last-owner" after others went through: those memberships stay ended, the
 * account stays, and the answer names the organization.
 */
export async function leaveOrganizationsForDeletion(config: ResolvedConfig, userId: string, actorId: string): Promise<DepartureResult> {
  if (!config.organizations.adapter) return { status: "done" }
  const alone = await organizationsOwnedAlone(config, userId)
  if (alone.length > 0) return { status: "last-owner", organizations: alone }
  const adapter = organizationAdapter(config)
  for (const { organization } of await adapter.listOrganizationsOfUser(userId)) {
    const change = await adapter.removeMember(organization.id, userId)
    if (change === "last-owner") return { status: "last-owner", organizations: [organization] }
    if (change !== "done") continue
    membershipsChanged(config, [userId])
    const self = actorId === userId
    await recordOrganizationEvent(config, {
      type: self ? "member-left" : "member-removed",
      organizationId: organization.id,
      actorId,
      subject: userId,
      detail: "account-deleted",
    })
    await voidInvitationsOf(config, organization.id, userId, "inviter-deleted", actorId)
  }
  return { status: "done" }
}

/** For the app's own account deletion (Settings), with its configuration object: call it first, and delete only on "done". */
export function prepareAccountDeletion(config: AuthConfig, userId: string): Promise<DepartureResult> {
  return leaveOrganizationsForDeletion(resolveAuthConfig(config), userId, userId)
}
