/**
 * The app's "account deleted" event: what follows a deletion once the records
 * are gone (account-deletion.ts) and the sessions ended. The Settings action
 * fires it; it is the one place to add the clean-up of data the app keeps
 * elsewhere for a user (uploads, a billing customer, ...). Today it mails the
 * former owner a notice, through the same mailer, dev mailbox and per-address
 * notice limit as every security notice. The user row is gone by then, so the
 * address comes with the event rather than from the database.
 */
import type { RenderedMail } from "@/lib/auth"
import { renderNoticeMail } from "@/lib/auth"
import { brandTheme } from "@/server/mail/brand"
import { deliverMail, mailMode } from "@/server/mail/deliver"
import type { AccountRateLimit } from "./rate-limit"
import { appName } from "@/server/app-name"

export interface AccountDeletedEvent {
  userId: string
  /** The address the account had; null when it had none (nobody to tell). */
  email: string | null
  /** The mail link origin (mailLinkOrigin), never the request's Host. */
  origin: string
  rateLimit: Pick<AccountRateLimit, "consume">
}

export function accountDeletedMail(p: { url: string; site: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `Your account was deleted (${p.site})`,
    heading: "Your account was deleted",
    intro: `Your ${p.site} account and everything stored with it (sign-in methods, passkeys, linked accounts, two-factor settings and sessions) were deleted at your request. Every session was signed out.`,
    linkLabel: `Go to ${p.site}`,
    url: p.url,
    warning: `If you did not delete it, someone who was signed in to your account did. The account cannot be restored; you can create a new one with this address on ${p.site}, and should change the password of this mailbox.`,
    theme: brandTheme,
  })
}

export type AccountDeletedNotice = "sent" | "no-address" | "limited" | "mail-off"

export async function sendAccountDeletedNotice(event: AccountDeletedEvent): Promise<AccountDeletedNotice> {
  if (mailMode() === "off") return "mail-off"
  if (!event.email) return "no-address"
  const verdict = await event.rateLimit.consume("security-notice-address", event.email)
  if (!verdict.allowed) return "limited"
  await deliverMail({ to: event.email, ...accountDeletedMail({ url: `${event.origin}/`, site: appName() }) })
  return "sent"
}

/**
 * The event itself. The notice goes out in the background: the deletion is
 * done whatever the SMTP server says, and the browser must not wait on it.
 */
export function accountDeleted(event: AccountDeletedEvent): void {
  void sendAccountDeletedNotice(event)
    .then((outcome) => {
      if (outcome === "limited") console.warn("[account deleted] notice not sent: the address's notice limit is reached")
    })
    .catch((error: unknown) => {
      console.error("[account deleted] the notice could not be sent:", error instanceof Error ? error.message : error)
    })
}
