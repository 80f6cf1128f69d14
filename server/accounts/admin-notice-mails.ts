/**
 * The texts of the mails that tell a user what an administrator did to their
 * account: suspended, suspension lifted, sessions ended, two-factor
 * turned off, a session started as them (impersonation). Same notice layout as
 * the other security notices (account-mails.ts).
 *
 * A suspension mail gives the end, never the admin's reason: the reason is the
 * admins' note (the sign-in page does not show it either), and a mail is
 * forwarded, quoted and kept. An impersonation mail does give its reason: the
 * user reads it in their security log anyway, and seeing why someone looked is
 * the point of doing it openly.
 */
import { type RenderedMail, renderNoticeMail } from "@/lib/auth"
import { brandTheme } from "@/server/mail/brand"
import { NOTICE_LINK_LABEL } from "./account-mails"

export type AdminNotice =
  /** `until`: when the ban lifts itself; null for a permanent ban. */
  | { kind: "banned"; until: Date | null }
  | { kind: "unbanned" }
  /** One session (database strategy) or every one. */
  | { kind: "sessions-revoked"; scope: "one" | "all" }
  | { kind: "two-factor-disabled" }
  /** `reason`: the admin's, as the security log shows it; `expires`: the impersonation's latest end. */
  | { kind: "impersonation-started"; reason: string; expires: Date }

/** Where a notice links: Settings › Security activity, the sign-in page, the home page. */
export interface AdminNoticeLinks {
  site: string
  activityUrl: string
  signInUrl: string
  homeUrl: string
}

/** "2026-12-05 14:30 UTC", as the sign-in page writes a ban's end. */
export function utcMinute(date: Date): string {
  return `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`
}

function banned(until: Date | null, p: AdminNoticeLinks): RenderedMail {
  const end = until ? `until ${utcMinute(until)}` : "until further notice"
  return renderNoticeMail({
    site: p.site,
    subject: `Your account is suspended (${p.site})`,
    heading: "Your account is suspended",
    intro: `An administrator suspended your ${p.site} account ${end}. Every session was signed out, and signing in is refused ${until ? "until then" : "for now"}.${until ? " The suspension lifts itself at that time." : ""}`,
    linkLabel: `Go to ${p.site}`,
    url: p.homeUrl,
    warning: `If you think this is a mistake, contact the administrators of ${p.site}.`,
    theme: brandTheme,
  })
}

function unbanned(p: AdminNoticeLinks): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `Your account is no longer suspended (${p.site})`,
    heading: "Your account is no longer suspended",
    intro: `An administrator lifted the suspension of your ${p.site} account. You can sign in again.`,
    linkLabel: `Sign in to ${p.site}`,
    url: p.signInUrl,
    warning: "If you did not expect this mail, there is nothing to do: nothing else about your account changed.",
    theme: brandTheme,
  })
}

function sessionsRevoked(scope: "one" | "all", p: AdminNoticeLinks): RenderedMail {
  const what = scope === "all" ? "every session of your account was" : "one session of your account was"
  return renderNoticeMail({
    site: p.site,
    subject: `An administrator signed out your sessions (${p.site})`,
    heading: "Your sessions were signed out",
    intro: `An administrator of ${p.site} ended sessions of your account: ${what} signed out. Sign in again where you need to.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.activityUrl,
    warning: `If you do not know why, review your account activity, change your password, and contact the administrators of ${p.site}.`,
    theme: brandTheme,
  })
}

function twoFactorDisabled(p: AdminNoticeLinks): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `An administrator turned off two-factor authentication (${p.site})`,
    heading: "Two-factor authentication was turned off",
    intro: `An administrator of ${p.site} turned off two-factor authentication for your account, as is done when its owner can no longer give a code. Your recovery codes no longer work, and every session was signed out.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.activityUrl,
    warning: `Sign in and turn two-factor authentication back on from Settings. If you did not ask for this, change your password too and contact the administrators of ${p.site}.`,
    theme: brandTheme,
  })
}

function impersonationStarted(reason: string, expires: Date, p: AdminNoticeLinks): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `An administrator is viewing your account (${p.site})`,
    heading: "An administrator signed in as you",
    intro: `An administrator of ${p.site} started a session as you, to see the site as you see it. The reason they gave: “${reason}”. It ends when they stop, at ${utcMinute(expires)} at the latest, and while it lasts no sensitive change (password, email address, two-factor, passkeys, linked accounts, sessions, deleting or exporting the account) can be made from it.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.activityUrl,
    warning: "The session is in your account activity and your list of sessions, marked as an administrator's. If you did not expect it, contact the administrators.",
    theme: brandTheme,
  })
}

export function adminNoticeMail(notice: AdminNotice, p: AdminNoticeLinks): RenderedMail {
  switch (notice.kind) {
    case "banned":
      return banned(notice.until, p)
    case "unbanned":
      return unbanned(p)
    case "sessions-revoked":
      return sessionsRevoked(notice.scope, p)
    case "two-factor-disabled":
      return twoFactorDisabled(p)
    case "impersonation-started":
      return impersonationStarted(notice.reason, notice.expires, p)
  }
}
