/**
 * Address verification for password sign-ups: a mailed link (24 hours,
 * single use) that sets emailVerified. Sent once after sign-up and again on
 * request from Settings (rate-limited). Whether unverified users may sign in
 * is one switch in sign-in.ts.
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail } from "@/lib/mail/deliver"
import { verifyEmailMail } from "./account-mails"
import { consumeAccountToken, issueAccountToken } from "./account-tokens"
import { allowSend } from "./send-limits"

export type VerificationSend = "sent" | "already-verified" | "limited"

/**
 * Mails a verification link to the user's address. `client` set: a request
 * from a person, counted against the send limits; absent: the one mail right
 * after sign-up.
 */
export async function sendVerificationMail(
  db: DbClient,
  input: { userId: string; origin: string; client?: string },
): Promise<VerificationSend> {
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true, emailVerified: true } })
  if (!user || user.emailVerified) return "already-verified"
  if (input.client !== undefined && !(await allowSend({ kind: "email", address: user.email, client: input.client }))) {
    return "limited"
  }
  const token = await issueAccountToken(db, "verify-email", user.email)
  const url = `${input.origin}/verify-email?${new URLSearchParams({ token })}`
  await deliverMail({ to: user.email, ...verifyEmailMail({ url, site: new URL(input.origin).host }) })
  return "sent"
}

/** Uses a verification link: true when it was valid and the address is now verified. */
export async function confirmEmailAddress(db: DbClient, token: unknown): Promise<boolean> {
  const email = await consumeAccountToken(db, "verify-email", token)
  if (!email) return false
  const updated = await db.user.updateMany({ where: { email, emailVerified: null }, data: { emailVerified: new Date() } })
  return updated.count === 1 || (await db.user.count({ where: { email, emailVerified: { not: null } } })) === 1
}
