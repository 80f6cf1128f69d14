/**
 * The mails that tell a user their second factor changed: turned on, turned
 * off, recovery codes replaced. Sent whoever made the change (Settings, the
 * library's enrolment page when two-factor is required), so a change the owner
 * did not make does not go unnoticed. Counted per address; a notice over the
 * limit is dropped (logged), never queued.
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail, mailMode } from "@/server/mail/deliver"
import { type TwoFactorNotice, twoFactorNoticeMail } from "./account-mails"
import type { AccountRateLimit } from "./rate-limit"

export type { TwoFactorNotice } from "./account-mails"

export type NoticeSend = "sent" | "no-address" | "limited" | "mail-off"

export async function sendTwoFactorNotice(
  db: DbClient,
  input: { userId: string; notice: TwoFactorNotice; origin: string; rateLimit: Pick<AccountRateLimit, "consume"> },
): Promise<NoticeSend> {
  if (mailMode() === "off") return "mail-off"
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true } })
  if (!user?.email) return "no-address"
  const verdict = await input.rateLimit.consume("security-notice-address", user.email)
  if (!verdict.allowed) return "limited"
  const url = `${input.origin}/settings`
  await deliverMail({ to: user.email, ...twoFactorNoticeMail(input.notice, { url, site: new URL(input.origin).host }) })
  return "sent"
}

/**
 * For callers that must not wait on the SMTP server (the library's events, a
 * Settings action): the notice goes out in the background, failures are logged.
 */
export function sendTwoFactorNoticeLater(db: DbClient, input: Parameters<typeof sendTwoFactorNotice>[1]): void {
  void sendTwoFactorNotice(db, input)
    .then((outcome) => {
      if (outcome === "limited") console.warn(`[two-factor notice] not sent (${input.notice}): the address's notice limit is reached`)
    })
    .catch((error: unknown) => {
      console.error(`[two-factor notice] the mail could not be sent (${input.notice}):`, error instanceof Error ? error.message : error)
    })
}
