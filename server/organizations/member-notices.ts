/**
 * Sends the organization mails of member-mails.ts. The invitation mail is
 * sent by the action that invited (it alone holds the link's token) and its
 * failure is the action's answer; the notices follow the library's
 * organization events (auth.ts, organizations.onEvent) in the background, so a
 * failed notice never undoes or delays the change it reports.
 */
import type { AdapterInvitation, OrganizationEvent } from "@/lib/auth"
import type { DbClient } from "@/lib/db/client"
import { appName } from "@/server/app-name"
import { deliverMail, mailMode } from "@/server/mail/deliver"
import { invitationMail, type MemberNotice, memberNoticeMail } from "./member-mails"

/** The page a link token opens. */
export const invitationPath = (token: string) => `/invite/${encodeURIComponent(token)}`

/**
 * Mails the invitation's link to the invited address. Throws when mail is off
 * or the server refuses it: the caller then withdraws the invitation.
 */
export async function sendInvitationMail(db: DbClient, input: { invitation: AdapterInvitation; token: string; origin: string }): Promise<void> {
  const { invitation } = input
  const [organization, inviter] = await Promise.all([
    db.organization.findUnique({ where: { id: invitation.organizationId }, select: { name: true } }),
    invitation.inviterId ? db.user.findUnique({ where: { id: invitation.inviterId }, select: { name: true, email: true } }) : null,
  ])
  const mail = invitationMail({
    site: appName(),
    organization: organization?.name ?? "an organization",
    inviter: inviter?.name || inviter?.email || "A member",
    roles: invitation.roles,
    url: `${input.origin}${invitationPath(input.token)}`,
    expires: invitation.expires,
  })
  await deliverMail({ to: invitation.email, ...mail })
}

/** The notice an organization event calls for, and whom it goes to; null for events nobody is mailed about. */
function noticeOf(event: OrganizationEvent, organization: string): { userId: string; notice: MemberNotice } | null {
  if (!event.subject) return null
  switch (event.type) {
    case "member-removed":
      return { userId: event.subject, notice: { kind: "removed", organization } }
    case "member-role-changed":
      return { userId: event.subject, notice: { kind: "role-changed", organization, roles: (event.detail ?? "").split(", ").filter(Boolean) } }
    case "ownership-transferred":
      return { userId: event.subject, notice: { kind: "ownership-transferred", organization } }
    default:
      return null
  }
}

const NOTICE_EVENTS = new Set<OrganizationEvent["type"]>(["member-removed", "member-role-changed", "ownership-transferred"])

export async function sendMemberNotice(db: DbClient, event: OrganizationEvent, origin: string): Promise<"sent" | "skipped"> {
  if (!NOTICE_EVENTS.has(event.type) || mailMode() === "off") return "skipped"
  const organization = await db.organization.findUnique({ where: { id: event.organizationId }, select: { name: true, slug: true } })
  const target = organization && noticeOf(event, organization.name)
  if (!organization || !target) return "skipped"
  // Acting on yourself (lowering your own role) needs no mail.
  if (target.userId === event.actorId) return "skipped"
  const user = await db.user.findUnique({ where: { id: target.userId }, select: { email: true } })
  if (!user?.email) return "skipped"
  const url = target.notice.kind === "removed" ? `${origin}/` : `${origin}/o/${encodeURIComponent(organization.slug)}/members`
  await deliverMail({ to: user.email, ...memberNoticeMail(target.notice, { site: appName(), url }) })
  return "sent"
}

/** In the background (the library awaits its event handlers), failures logged. */
export function sendMemberNoticeLater(db: DbClient, event: OrganizationEvent, origin: string): void {
  void sendMemberNotice(db, event, origin).catch((error: unknown) => {
    console.error(`[organization notice] the mail could not be sent (${event.type}):`, error instanceof Error ? error.message : error)
  })
}
