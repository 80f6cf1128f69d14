/**
 * The texts of the organization mails: an invitation (a one-time
 * link), and the notices a member gets when they are removed, their role
 * changes, or ownership passes to them. Same layout as the account mails
 * (account-mails.ts); every value is escaped by the library's templates, so an
 * organization's or inviter's name cannot add markup.
 */
import { type RenderedMail, renderActionMail, renderNoticeMail } from "@/lib/auth"
import { brandTheme } from "@/server/mail/brand"
import { roleLabel } from "./role-labels"

export interface InvitationMailInput {
  site: string
  organization: string
  /** The inviter's display name, else their address. */
  inviter: string
  roles: readonly string[]
  url: string
  expires: Date
}

/** "2026-12-05 14:30 UTC": an unambiguous expiry whatever the reader's time zone. */
function utcMinute(date: Date): string {
  return `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`
}

export function invitationMail(p: InvitationMailInput): RenderedMail {
  const lifetime = Math.max(60, Math.round((p.expires.getTime() - Date.now()) / 1000))
  return renderActionMail({
    site: p.site,
    subject: `${p.inviter} invited you to ${p.organization} on ${p.site}`,
    heading: `Join ${p.organization}`,
    intro: `${p.inviter} invited you to join the organization ${p.organization} on ${p.site} as ${roleLabel(p.roles)}. The invitation is valid until ${utcMinute(p.expires)}. You can accept it with an account that has this email address, or create one from the link.`,
    buttonLabel: "Open the invitation",
    url: p.url,
    lifetime,
    ignoreNote: "If you do not want to join, ignore this email or decline from the link: nothing happens unless you accept.",
    theme: brandTheme,
  })
}

/** What happened to the reader's membership, for the notices below. */
export type MemberNotice =
  | { kind: "removed"; organization: string }
  | { kind: "role-changed"; organization: string; roles: readonly string[] }
  | { kind: "ownership-transferred"; organization: string }

export interface MemberNoticeLinks {
  site: string
  /** The organization's members page (or, when removed, the list of the reader's organizations). */
  url: string
}

export function memberNoticeMail(notice: MemberNotice, p: MemberNoticeLinks): RenderedMail {
  const base = { site: p.site, url: p.url, theme: brandTheme }
  switch (notice.kind) {
    case "removed":
      return renderNoticeMail({
        ...base,
        subject: `You were removed from ${notice.organization} (${p.site})`,
        heading: `You are no longer a member of ${notice.organization}`,
        intro: `An administrator of ${notice.organization} removed you from the organization on ${p.site}. You no longer see its pages; your own account is unchanged.`,
        linkLabel: `Go to ${p.site}`,
        warning: `If you think this is a mistake, ask an owner of ${notice.organization} to invite you again.`,
      })
    case "role-changed":
      return renderNoticeMail({
        ...base,
        subject: `Your role in ${notice.organization} changed (${p.site})`,
        heading: "Your role changed",
        intro: `Your role in the organization ${notice.organization} on ${p.site} is now ${roleLabel(notice.roles)}.`,
        linkLabel: `See the members of ${notice.organization}`,
        warning: `If you did not expect this, ask an owner of ${notice.organization}.`,
      })
    case "ownership-transferred":
      return renderNoticeMail({
        ...base,
        subject: `You are now an owner of ${notice.organization} (${p.site})`,
        heading: `You own ${notice.organization}`,
        intro: `The owner of ${notice.organization} on ${p.site} transferred the ownership to you: you can now manage its members and settings, and delete it. The previous owner stays as an admin.`,
        linkLabel: `See the members of ${notice.organization}`,
        warning: `If you did not expect this, contact the previous owner of ${notice.organization}.`,
      })
  }
}
