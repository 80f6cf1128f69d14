/**
 * The mails that tell a user something sensitive happened to their account:
 * their password changed, a passkey or a linked account was added, two-factor
 * went on or off, a sign-in came from a device not seen before, wrong
 * two-factor codes kept coming at sign-in. Sent whoever
 * made the change, so one the owner did not make does not go unnoticed. Each
 * links to Settings › Security activity, just above Sessions. Counted per
 * address (the "security-notice-address" rule); a notice over the limit is
 * dropped (logged), never queued. Same mailer and dev mailbox as every mail.
 */
import type { RenderedMail, SecurityEventMethod } from "@/lib/auth"
import type { DbClient } from "@/lib/db/client"
import { deliverMail, mailMode } from "@/server/mail/deliver"
import {
  accountLinkedMail,
  NOTICE_PATH,
  newDeviceSignInMail,
  passkeyAddedMail,
  type PasswordChange,
  passwordNoticeMail,
  type TwoFactorNotice,
  twoFactorFailuresMail,
  twoFactorNoticeMail,
  twoFactorPasswordFailuresMail,
  PASSWORD_REVOKE_PATH,
} from "./account-mails"
import { issuePasswordRevokeToken } from "./password-revoke-tokens"
import type { AccountRateLimit } from "./rate-limit"
import { addressPrefix, deviceName, methodPhrase, type ProviderNames } from "./security-activity"
import { appName } from "@/server/app-name"

export type SecurityNotice =
  | { kind: "two-factor"; change: TwoFactorNotice }
  | { kind: "password"; change: PasswordChange }
  | { kind: "passkey-added" }
  /** `provider`: the provider's name as people know it ("GitHub"). */
  | { kind: "account-linked"; provider: string }
  /** `device`: "Chrome on macOS"; `network`: an address prefix; `method`: " with a password" or "". */
  | { kind: "new-device"; device: string; network: string | null; method: string }
  /**
   * Wrong two-factor codes reached the library's alert (twoFactorFailed with `alert`). `password`:
   * the first step was the password, so the mail offers to remove it; `failures`: how many codes.
   */
  | { kind: "two-factor-failures"; password?: boolean; failures?: number }

/**
 * The new-device notice for a sign-in as the library reports it: the browser
 * family and system, the address's network only (not the exact address, not
 * the raw User-Agent), and how the user signed in.
 */
export function newDeviceNotice(
  signIn: { ip?: string | null; userAgent?: string | null; method?: SecurityEventMethod | null; provider?: string | null },
  names: ProviderNames = {},
): SecurityNotice {
  return {
    kind: "new-device",
    device: deviceName(signIn.userAgent),
    network: addressPrefix(signIn.ip),
    method: methodPhrase(signIn.method ?? null, signIn.provider ?? null, names),
  }
}

export type NoticeSend = "sent" | "no-address" | "limited" | "mail-off"

/** `revokeUrl`: the wrong-codes notice's "It wasn't me" link, when there is a password to remove. */
export function securityNoticeMail(notice: SecurityNotice, p: { url: string; site: string; revokeUrl?: string }): RenderedMail {
  switch (notice.kind) {
    case "two-factor":
      return twoFactorNoticeMail(notice.change, p)
    case "password":
      return passwordNoticeMail(notice.change, p)
    case "passkey-added":
      return passkeyAddedMail(p)
    case "account-linked":
      return accountLinkedMail({ ...p, provider: notice.provider })
    case "new-device":
      return newDeviceSignInMail({ ...p, device: notice.device, network: notice.network, method: notice.method })
    case "two-factor-failures":
      return p.revokeUrl
        ? twoFactorPasswordFailuresMail({ url: p.url, site: p.site, revokeUrl: p.revokeUrl, failures: notice.failures })
        : twoFactorFailuresMail(p)
  }
}

export interface SecurityNoticeInput {
  userId: string
  notice: SecurityNotice
  /** The mail link origin (mailLinkOrigin), never the request's Host. */
  origin: string
  rateLimit: Pick<AccountRateLimit, "consume">
}

export async function sendSecurityNotice(db: DbClient, input: SecurityNoticeInput): Promise<NoticeSend> {
  if (mailMode() === "off") return "mail-off"
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true } })
  if (!user?.email) return "no-address"
  const verdict = await input.rateLimit.consume("security-notice-address", user.email)
  if (!verdict.allowed) return "limited"
  const url = `${input.origin}${NOTICE_PATH}`
  const revokeUrl = await passwordRevokeUrl(db, input)
  await deliverMail({ to: user.email, ...securityNoticeMail(input.notice, { url, site: appName(), revokeUrl }) })
  return "sent"
}

/** The "It wasn't me" link of a wrong-codes notice after a password, issued once the notice may go. */
async function passwordRevokeUrl(db: DbClient, input: SecurityNoticeInput): Promise<string | undefined> {
  if (input.notice.kind !== "two-factor-failures" || !input.notice.password) return undefined
  const token = await issuePasswordRevokeToken(db, input.userId)
  return token ? `${input.origin}${PASSWORD_REVOKE_PATH}?${new URLSearchParams({ token })}` : undefined
}

/** A label for logs: "password (reset)", "new-device". */
function noticeLabel(notice: SecurityNotice): string {
  return "change" in notice ? `${notice.kind} (${notice.change})` : notice.kind
}

/**
 * For callers that must not wait on the SMTP server or fail because of it
 * (the library's events, a Settings action): the notice goes out in the
 * background, failures are logged.
 */
export function sendSecurityNoticeLater(db: DbClient, input: SecurityNoticeInput): void {
  const label = noticeLabel(input.notice)
  void sendSecurityNotice(db, input)
    .then((outcome) => {
      if (outcome === "limited") console.warn(`[security notice] not sent (${label}): the address's notice limit is reached`)
    })
    .catch((error: unknown) => {
      console.error(`[security notice] the mail could not be sent (${label}):`, error instanceof Error ? error.message : error)
    })
}
