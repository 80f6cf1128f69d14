/**
 * What the invitation page (app/invite/[token]) needs beyond the Next layer's
 * organizations.*: the organization and inviter an invitation names, and the
 * two operations that act on the link itself rather than as the current
 * user: declining (the link is the proof) and accepting for an account just
 * created through the link.
 */
import { authConfig } from "@/auth"
import { type AdapterInvitation, organizationOperations, type OrganizationOperations } from "@/lib/auth"
import type { DbClient } from "@/lib/db/client"

let operations: OrganizationOperations | undefined

/** The library's operations on the app's configuration (resolved once). */
export function invitationOperations(): Pick<OrganizationOperations, "invitation" | "declineInvitation" | "acceptInvitationAtSignUp"> {
  operations ??= organizationOperations(authConfig)
  return operations
}

export interface InvitationView {
  invitation: AdapterInvitation
  organization: { name: string; slug: string }
  /** The inviter's display name or address; null when their account is gone. */
  inviter: string | null
}

/** The valid invitation of `token` with its organization and inviter, or null (invalid, used, expired, voided: one answer). */
export async function invitationView(db: DbClient, token: unknown): Promise<InvitationView | null> {
  const invitation = await invitationOperations().invitation(token)
  if (!invitation) return null
  const [organization, inviter] = await Promise.all([
    db.organization.findUnique({ where: { id: invitation.organizationId }, select: { name: true, slug: true } }),
    invitation.inviterId ? db.user.findUnique({ where: { id: invitation.inviterId }, select: { name: true, email: true } }) : null,
  ])
  if (!organization) return null
  return { invitation, organization, inviter: inviter ? inviter.name || inviter.email : null }
}
