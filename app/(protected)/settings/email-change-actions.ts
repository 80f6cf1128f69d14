"use server"

import { rateLimit, requireRecentAuthentication, securityLog } from "@/auth"
import { getPrisma } from "@/lib/db/client"
import { requestEmailChange } from "@/server/accounts/email-change"
import { requestInfo } from "@/server/accounts/request-info"
import { formInput } from "@/server/form-input"
import { mailMode } from "@/server/mail/deliver"
import { whileDatabaseAnswers } from "@/server/session-state"

export interface EmailChangeState {
  ok?: boolean
  message?: string
  /** The address typed, given back after a refusal so the field keeps it. */
  newEmail?: string
}

const ANSWERS = {
  invalid: "Enter a valid email address.",
  same: "That is already your email address.",
  "no-email": "This account has no email address to change.",
  "no-user": "Your session has ended. Sign in again.",
  limited: "Too many requests to change the email address. Try again in 15 minutes.",
} as const

/**
 * Settings › Email address: asks for a change. A recent proof of identity
 * first (a stale session goes to re-authenticate and back), since whoever
 * controls the address controls the account. The answer is the same whether
 * or not the address belongs to someone else: the mails say the rest.
 */
export async function requestEmailChangeAction(_previous: EmailChangeState, input: FormData): Promise<EmailChangeState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    const userId = (await requireRecentAuthentication({ callbackUrl: "/settings" })).user?.id
    if (!userId) return { ok: false, message: ANSWERS["no-user"] }
    if (mailMode() === "off") return { ok: false, message: "Changing the email address needs email, which this site has not set up (EMAIL_SERVER)." }
    const { origin } = await requestInfo()
    const result = await requestEmailChange(getPrisma(), { userId, newEmail: form.get("newEmail"), origin, rateLimit })
    const typed = form.get("newEmail")
    if (!result.ok) return { ok: false, message: ANSWERS[result.reason], newEmail: typeof typed === "string" ? typed.slice(0, 254) : undefined }
    await securityLog.record({ userId, type: "email-change-requested", outcome: "success" })
    // Not awaited: the answer must not wait on (or reveal) which mails go out.
    void result.sent
    return { ok: true, message: `Check ${result.newEmail} for a confirmation link. Your address changes only when it is followed.` }
  })
}
