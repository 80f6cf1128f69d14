/**
 * What the invitation page (app/invite/[token]) needs beyond the Next layer's
 * organizations.*: the organization and inviter an invitation names, and the
 * two operations that act on the link itself rather than as the current
 * user: declining (the link is the proof) and accepting for an account just
 * created through the link.
 */
import { authConfig } from "@/auth"
import { type AdapterInvitation, invitationTokenHash, organizationOperations, type OrganizationOperations } from "@/lib/auth"
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

/**
 * A link that no longer works, read for the one case where the page can say
 * more than "not valid": the invited account, signed in, reopening a link
 * it accepted (it then gets a way into the organization). Nothing is said
 * to anyone else, so a link names no organization once it is spent.
 */
export async function acceptedInvitationOf(db: DbClient, token: unknown, signedInEmail: string | null): Promise<{ name: string; slug: string } | null> {
  if (typeof token !== "string" || token === "" || token.length > 200 || !signedInEmail) return null
  const row = await db.invitation.findUnique({
    where: { tokenHash: await invitationTokenHash(token) },
    select: { status: true, email: true, organization: { select: { name: true, slug: true } } },
  })
  if (!row || row.status !== "accepted" || row.email.toLowerCase() !== signedInEmail.toLowerCase()) return null
  return row.organization
}
