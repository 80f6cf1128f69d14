/**
 * "Forgot password?": a mailed single-use link (1 hour) to a form that sets
 * a new password. The request answers the same whether or not the address
 * has an account, and takes the same time: the mail is sent after the
 * answer. A successful reset ends every session of the user (database rows
 * deleted here; the caller then ends every session through the library,
 * `sessions.revokeAll`, which revokes the jwt ones at once) and
 * clears the sign-in throttle for the address. On an account whose address
 * was never verified it is also the owner taking the account back: passkeys
 * and linked accounts set up before go too (take-back.ts).
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail } from "@/server/mail/deliver"
import { passwordResetMail } from "./account-mails"
import { consumeAccountToken, mailAccountToken, peekAccountToken } from "./account-tokens"
import { normalizeEmail } from "./email"
import { takeBack } from "./take-back"
import { voidAccountTokens } from "./token-kinds"
import { hashPassword } from "./password"
import { screenNewPassword } from "./new-password"
import { passwordProblemMessage } from "./password-policy"
import type { AccountRateLimit } from "./rate-limit"
import { appName } from "@/server/app-name"

export type ResetRequestResult = { ok: true } | { ok: false; message: string }

/**
 * Starts a reset. The returned promise settles before the mail is sent;
 * `sent` (for tests and logs) settles after.
 */
export async function requestPasswordReset(
  db: DbClient,
  input: { email: unknown; origin: string; client: string; rateLimit: AccountRateLimit },
): Promise<ResetRequestResult & { sent?: Promise<void> }> {
  const email = normalizeEmail(input.email)
  if (!email) return { ok: false, message: "Enter a valid email address." }
  // The client first: one over its limit does not spend the address's budget (its owner's resets).
  const verdict = await input.rateLimit.consumeAll([
    ["password-reset-client", input.client],
    ["password-reset-address", email],
  ])
  // Held back silently: the answer is the same as for a sent mail.
  if (!verdict.allowed) return { ok: true }
  const sent = sendResetMail(db, email, input.origin).catch((error: unknown) => {
    console.error("[password reset] the mail could not be sent:", error instanceof Error ? error.message : error)
  })
  return { ok: true, sent }
}

/** The reset mail itself, for an address the caller already has (the admin's "Send password reset" too). */
export async function sendResetMail(db: DbClient, email: string, origin: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true } })
  if (!user) return
  await mailAccountToken(db, "password-reset", email, async (token) => {
    const url = `${origin}/reset-password?${new URLSearchParams({ token })}`
    await deliverMail({ to: email, ...passwordResetMail({ url, site: appName() }) })
  })
}

/** The address a reset link is for, or null when it is unknown, used or expired. */
export function resetTokenEmail(db: DbClient, token: unknown): Promise<string | null> {
  return peekAccountToken(db, "password-reset", token)
}

const SIGN_IN_RULES = ["credentials-identifier", "credentials-identifier-known-client"] as const

export type ResetResult =
  /** `sessionsEnded`: database session rows deleted (jwt sessions are revoked too, uncounted). */
  | { ok: true; email: string; userId: string; sessionsEnded: number }
  | { ok: false; reason: "invalid-link" }
  | { ok: false; reason: "password"; message: string }

export async function resetPassword(
  db: DbClient,
  input: { token: unknown; password: unknown; rateLimit: AccountRateLimit },
): Promise<ResetResult> {
  const email = await resetTokenEmail(db, input.token)
  if (!email) return { ok: false, reason: "invalid-link" }
  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, emailVerified: true } })
  if (!user) return { ok: false, reason: "invalid-link" }
  const password = typeof input.password === "string" ? input.password : ""
  // The sign-up policy, checked before the token is used, so a refused password leaves the link working.
  const problem = await screenNewPassword(password, { email, name: user.name })
  if (problem) return { ok: false, reason: "password", message: passwordProblemMessage(problem) }
  if ((await consumeAccountToken(db, "password-reset", input.token)) !== email) return { ok: false, reason: "invalid-link" }

  const passwordHash = await hashPassword(password)
  const ended = await db.$transaction(async (tx) => {
    // Following the mailed link proves the address, too. The jwt sessions end once this has
    // committed, through the library (the caller's sessions.revokeAll), never by a write here.
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, emailVerified: user.emailVerified ?? new Date() },
    })
    const deleted = await tx.session.deleteMany({ where: { userId: user.id } })
    // Nothing set up before the mailbox was proven survives its proof (the password is the new one).
    if (!user.emailVerified) await takeBack(tx, user.id, { keepPassword: true })
    // A verified account is not taken back, but a reset still means "someone else may have been in":
    // a change of address asked for from a hijacked session, or a link mailed before, must not outlive it.
    else await voidAccountTokens(tx, { id: user.id, email })
    return deleted
  })
  // The owner proved the address: guesses by others no longer hold the sign-in back.
  await Promise.all(SIGN_IN_RULES.map((action) => input.rateLimit.reset(action, email)))
  return { ok: true, email, userId: user.id, sessionsEnded: ended.count }
}
