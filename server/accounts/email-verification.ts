/**
 * Address verification for password sign-ups: a mailed link (24 hours,
 * single use) that sets emailVerified. Sent once after sign-up and again on
 * request from Settings (rate-limited). Whether unverified users may sign in
 * is one switch in sign-in.ts.
 *
 * The link verifies only in a browser signed in to the account it was sent
 * for: opened anywhere else, it may be the address's owner holding a mail for
 * a sign-up someone else made with their address, so it offers "this wasn't
 * me" instead, which takes the account back (take-back.ts). A GET never uses
 * the token up unless the account's own session follows it, so a mail
 * scanner changes nothing.
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail } from "@/server/mail/deliver"
import { verifyEmailMail } from "./account-mails"
import { consumeAccountToken, mailAccountToken, peekAccountToken } from "./account-tokens"
import { takeBack } from "./take-back"
import type { AccountRateLimit } from "./rate-limit"
import { appName } from "@/server/app-name"

export type VerificationSend = "sent" | "already-verified" | "limited"

/**
 * What the user was doing when they asked for the mail, so the confirmed page
 * offers to carry on: a fixed word, never a URL (the link is in a mail).
 */
export type VerificationNext = "two-factor"
export const isVerificationNext = (value: unknown): value is VerificationNext => value === "two-factor"

/**
 * Mails a verification link to the user's address. `counted` set: a request
 * from a person, counted against the sign-in mail rules (a verification mail
 * is the same kind of mail to the same address); absent: the one mail right
 * after sign-up. An account without an address has nothing to verify.
 */
export async function sendVerificationMail(
  db: DbClient,
  input: { userId: string; origin: string; counted?: { client: string; rateLimit: AccountRateLimit }; next?: VerificationNext },
): Promise<VerificationSend> {
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true, emailVerified: true } })
  if (!user?.email || user.emailVerified) return "already-verified"
  if (input.counted) {
    const { client, rateLimit } = input.counted
    const verdict = await rateLimit.consumeAll([
      ["email-client", client],
      ["email-address", user.email],
    ])
    if (!verdict.allowed) return "limited"
  }
  const email = user.email
  await mailAccountToken(db, "verify-email", email, async (token) => {
    const url = `${input.origin}/verify-email?${new URLSearchParams({ token, ...(input.next ? { next: input.next } : {}) })}`
    await deliverMail({ to: email, ...verifyEmailMail({ url, site: appName() }) })
  })
  return "sent"
}

export type ConfirmResult =
  | "confirmed"
  /** Valid, but this browser is not signed in to the account: sign in, or say "this wasn't me". */
  | "sign-in-needed"
  | "invalid"

/** Uses a verification link when `signedInUserId` is the account it was sent for. */
export async function confirmEmailAddress(db: DbClient, token: unknown, signedInUserId: string | null): Promise<ConfirmResult> {
  const email = await peekAccountToken(db, "verify-email", token)
  if (!email) return "invalid"
  const user = await db.user.findUnique({ where: { email }, select: { id: true } })
  if (!user) return "invalid"
  if (user.id !== signedInUserId) return "sign-in-needed"
  if ((await consumeAccountToken(db, "verify-email", token)) !== email) return "invalid"
  const updated = await db.user.updateMany({ where: { id: user.id, emailVerified: null }, data: { emailVerified: new Date() } })
  return updated.count === 1 || (await db.user.count({ where: { id: user.id, emailVerified: { not: null } } })) === 1 ? "confirmed" : "invalid"
}

/**
 * "This wasn't me": the mailbox's owner disowns a sign-up made with their
 * address. Every credential and session of the still-unverified account is
 * removed; resolves to its id (for the caller to end jwt sessions in this
 * process at once), or null when the link is not valid or the account verified.
 */
export async function disownSignUp(db: DbClient, token: unknown): Promise<string | null> {
  const email = await consumeAccountToken(db, "verify-email", token)
  if (!email) return null
  const user = await db.user.findUnique({ where: { email }, select: { id: true, emailVerified: true } })
  if (!user || user.emailVerified) return null
  await db.$transaction((tx) => takeBack(tx, user.id))
  return user.id
}
