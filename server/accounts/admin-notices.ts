/**
 * Sends the mails of admin-notice-mails.ts, from the library's admin events
 * (auth.ts): the user hears of every change an administrator made to their
 * account, from the console or the command line.
 *
 * Not counted against the "security-notice-address" limit the other notices
 * share: that limit stops one session flooding its owner's inbox, while each
 * of these is an admin's logged action behind a recent proof, and a suspension
 * notice must not be dropped because the user's own notices used the window.
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail, mailMode } from "@/server/mail/deliver"
import { appName } from "@/server/app-name"
import { NOTICE_PATH } from "./account-mails"
import { type AdminNotice, adminNoticeMail } from "./admin-notice-mails"
import type { NoticeSend } from "./security-notices"

export type { AdminNotice } from "./admin-notice-mails"

export interface AdminNoticeInput {
  userId: string
  notice: AdminNotice
  /** The mail link origin (mailLinkOrigin), never the request's Host. */
  origin: string
  /** The sign-in page's path (auth.ts signInPath()). */
  signInPath: string
}

export async function sendAdminNotice(db: DbClient, input: AdminNoticeInput): Promise<Exclude<NoticeSend, "limited">> {
  if (mailMode() === "off") return "mail-off"
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true } })
  if (!user?.email) return "no-address"
  const mail = adminNoticeMail(input.notice, {
    site: appName(),
    activityUrl: `${input.origin}${NOTICE_PATH}`,
    signInUrl: `${input.origin}${input.signInPath}`,
    homeUrl: `${input.origin}/`,
  })
  await deliverMail({ to: user.email, ...mail })
  return "sent"
}

/** In the background (the library awaits its event handlers), failures logged. */
export function sendAdminNoticeLater(db: DbClient, input: AdminNoticeInput): void {
  void sendAdminNotice(db, input).catch((error: unknown) => {
    console.error(`[admin notice] the mail could not be sent (${input.notice.kind}):`, error instanceof Error ? error.message : error)
  })
}
