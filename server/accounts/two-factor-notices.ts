/**
 * The mails that tell a user their second factor changed: turned on, turned
 * off, recovery codes replaced. Sent whoever made the change (Settings, the
 * library's enrolment page when two-factor is required), so a change the owner
 * did not make does not go unnoticed. One kind of security notice
 * (security-notices.ts): counted per address, dropped over the limit.
 */
import type { DbClient } from "@/lib/db/client"
import type { TwoFactorNotice } from "./account-mails"
import type { AccountRateLimit } from "./rate-limit"
import { type NoticeSend, sendSecurityNotice, sendSecurityNoticeLater } from "./security-notices"

export type { TwoFactorNotice } from "./account-mails"
export type { NoticeSend } from "./security-notices"

interface TwoFactorNoticeInput {
  userId: string
  notice: TwoFactorNotice
  origin: string
  rateLimit: Pick<AccountRateLimit, "consume">
}

export function sendTwoFactorNotice(db: DbClient, input: TwoFactorNoticeInput): Promise<NoticeSend> {
  return sendSecurityNotice(db, { ...input, notice: { kind: "two-factor", change: input.notice } })
}

/** In the background, failures logged (security-notices.ts sendSecurityNoticeLater). */
export function sendTwoFactorNoticeLater(db: DbClient, input: TwoFactorNoticeInput): void {
  sendSecurityNoticeLater(db, { ...input, notice: { kind: "two-factor", change: input.notice } })
}
