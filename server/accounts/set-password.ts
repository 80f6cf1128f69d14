/**
 * "Set a password" for accounts that have none (they sign in with a passkey,
 * an OAuth/OIDC provider or a mailed link): the signed-in user asks from
 * Settings, a single-use link (1 hour) is mailed to the account's address,
 * and the password is stored only when the form behind that link is submitted
 * with a password that passes the sign-up rules. So a borrowed or stolen
 * session alone cannot give an account a password: the mailbox must agree.
 * Mails count against the password-reset rules (the same kind of mail).
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail, mailMode } from "@/server/mail/deliver"
import { setPasswordMail } from "./account-mails"
import { consumeAccountToken, mailAccountToken, peekAccountToken } from "./account-tokens"
import { hashPassword } from "./password"
import { screenNewPassword } from "./new-password"
import { passwordProblemMessage } from "./password-policy"
import type { AccountRateLimit } from "./rate-limit"
import { takeBack } from "./take-back"
import { appName } from "@/server/app-name"

export type SetPasswordRequest =
  /** Mailed, or held back by the send limit (the caller answers both the same way). */
  | "sent"
  | "limited"
  | "has-password"
  /** A password signs in together with an address: X or VK accounts may have none. */
  | "no-email"
  /** Production without EMAIL_SERVER: nothing could confirm the request. */
  | "mail-off"
  | "no-user"

/** Mails the link; throws when the mail server fails (nothing is counted as sent then but the attempt). */
export async function requestSetPasswordMail(
  db: DbClient,
  input: { userId: string; origin: string; client: string; rateLimit: AccountRateLimit },
): Promise<SetPasswordRequest> {
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true, passwordHash: true } })
  if (!user) return "no-user"
  if (user.passwordHash) return "has-password"
  if (!user.email) return "no-email"
  if (mailMode() === "off") return "mail-off"
  // The client first: one over its limit does not spend the address's budget.
  const verdict = await input.rateLimit.consumeAll([
    ["password-reset-client", input.client],
    ["password-reset-address", user.email],
  ])
  if (!verdict.allowed) return "limited"
  const email = user.email
  await mailAccountToken(db, "set-password", email, async (token) => {
    const url = `${input.origin}/set-password?${new URLSearchParams({ token })}`
    await deliverMail({ to: email, ...setPasswordMail({ url, site: appName() }) })
  })
  return "sent"
}

/** The address a set-password link is for, or null when it is unknown, used or expired. */
export function setPasswordTokenEmail(db: DbClient, token: unknown): Promise<string | null> {
  return peekAccountToken(db, "set-password", token)
}

export type SetPasswordResult =
  /** `tookBack`: the address had never been verified and the link was used outside the account: every earlier credential and session was removed. */
  | { ok: true; email: string; userId: string; tookBack: boolean }
  | { ok: false; reason: "invalid-link" }
  /** The account got a password meanwhile (another link, or a reset): this one changes nothing. */
  | { ok: false; reason: "has-password" }
  | { ok: false; reason: "password"; message: string }

/**
 * Uses a set-password link. The password is checked, and hashed, before the
 * token is used, so a refused password or a busy hasher (PasswordHasherBusy
 * propagates) leaves the link working. Sessions are kept: a credential is
 * added, none is replaced — unless the address was never verified and the
 * link is used in a browser not signed in to the account: then the mailbox's
 * owner is taking the account back (take-back.ts), and only the new password
 * remains.
 */
export async function setPasswordFromLink(
  db: DbClient,
  input: { token: unknown; password: unknown; signedInUserId?: string | null },
): Promise<SetPasswordResult> {
  const email = await setPasswordTokenEmail(db, input.token)
  if (!email) return { ok: false, reason: "invalid-link" }
  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, passwordHash: true, emailVerified: true } })
  if (!user) return { ok: false, reason: "invalid-link" }
  if (user.passwordHash) {
    await consumeAccountToken(db, "set-password", input.token)
    return { ok: false, reason: "has-password" }
  }
  const password = typeof input.password === "string" ? input.password : ""
  const problem = await screenNewPassword(password, { email, name: user.name })
  if (problem) return { ok: false, reason: "password", message: passwordProblemMessage(problem) }
  const passwordHash = await hashPassword(password)
  if ((await consumeAccountToken(db, "set-password", input.token)) !== email) return { ok: false, reason: "invalid-link" }
  const tookBack = !user.emailVerified && input.signedInUserId !== user.id
  const count = await db.$transaction(async (tx) => {
    // Only while the account still has no password: a reset that landed meanwhile is not overwritten.
    const updated = await tx.user.updateMany({
      where: { id: user.id, passwordHash: null },
      // Following the mailed link proves the address, as a reset link does.
      data: { passwordHash, emailVerified: user.emailVerified ?? new Date() },
    })
    if (updated.count === 1 && tookBack) await takeBack(tx, user.id, { keepPassword: true })
    return updated.count
  })
  return count === 1 ? { ok: true, email, userId: user.id, tookBack } : { ok: false, reason: "has-password" }
}
