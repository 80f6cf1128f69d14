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
import type { AccountRateLimit } from "./rate-limit"

export type VerificationSend = "sent" | "already-verified" | "limited"

/**
 * Mails a verification link to the user's address. `counted` set: a request
 * from a person, counted against the sign-in mail rules (a verification mail
 * is the same kind of mail to the same address); absent: the one mail right
 * after sign-up. An account without an address has nothing to verify.
 */
export async function sendVerificationMail(
  db: DbClient,
  input: { userId: string; origin: string; counted?: { client: string; rateLimit: AccountRateLimit } },
): Promise<VerificationSend> {
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true, emailVerified: true } })
  if (!user?.email || user.emailVerified) return "already-verified"
  if (input.counted) {
    const { client, rateLimit } = input.counted
    const byAddress = await rateLimit.consume("email-address", user.email)
    const byClient = await rateLimit.consume("email-client", client)
    if (!byAddress.allowed || !byClient.allowed) return "limited"
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
