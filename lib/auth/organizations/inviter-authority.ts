/**
 * An invitation speaks with its inviter's authority, so it ends with it: when
 * the member who sent a pending invitation is removed, leaves, is demoted to
 * roles without `member: ["invite"]`, is banned or has their account deleted,
 * the links they sent stop working (the page answers as for any voided link)
 * and the organization's log says why. Someone who still holds the right can
 * invite the address again. Without this, a removed admin's links would keep
 * letting people in, with roles the admin chose, after the admin was gone.
 */
import type { ResolvedConfig } from "../config/resolved"
import { recordOrganizationEvent } from "./activity"
import { organizationAdapter } from "./context"

/** How the inviter lost the authority (the log's detail). */
export type AuthorityLoss = "inviter-removed" | "inviter-left" | "inviter-demoted" | "inviter-banned" | "inviter-deleted"

const open = new Set(["pending", "claiming"])

/** Voids the open invitations `inviterId` sent in the organization; how many it voided. `actorId`: who caused it. */
export async function voidInvitationsOf(
  config: ResolvedConfig,
  organizationId: string,
  inviterId: string,
  why: AuthorityLoss,
  actorId: string | null,
): Promise<number> {
  const adapter = organizationAdapter(config)
  let voided = 0
  for (const invitation of await adapter.listInvitations(organizationId)) {
    if (invitation.inviterId !== inviterId || !open.has(invitation.status)) continue
    // Conditional: an invitation accepted or cancelled meanwhile stays as it is, and is not logged.
    if (!(await adapter.cancelInvitation(organizationId, invitation.id))) continue
    voided++
    await recordOrganizationEvent(config, { type: "invitation-voided", organizationId, actorId, subject: invitation.email, detail: why })
  }
  return voided
}

/** The same in every organization the user is a member of (a ban, an account deletion). */
export async function voidInvitationsEverywhere(config: ResolvedConfig, inviterId: string, why: AuthorityLoss, actorId: string | null): Promise<number> {
  if (!config.organizations.adapter) return 0
  let voided = 0
  for (const { organization } of await organizationAdapter(config).listOrganizationsOfUser(inviterId)) {
    voided += await voidInvitationsOf(config, organization.id, inviterId, why, actorId)
  }
  return voided
}
