"use server"

import { auth, rateLimit } from "@/auth"
import { requestInfo } from "@/server/accounts/request-info"
import { requestSetPasswordMail } from "@/server/accounts/set-password"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/server/session-state"

export interface SetPasswordRequestState {
  ok?: boolean
  message?: string
}

const ANSWERS = {
  // The same words when the send limit held the mail back (as for every account mail).
  sent: { ok: true, message: "We have sent you a link to choose your password. It works once, for 1 hour." },
  limited: { ok: true, message: "We have sent you a link to choose your password. It works once, for 1 hour." },
  "has-password": { ok: false, message: "This account already has a password. Reload the page to change it." },
  "no-email": { ok: false, message: "A password signs in together with an email address, and this account has none." },
  "mail-off": { ok: false, message: "Setting a password needs email, which this site has not set up (EMAIL_SERVER)." },
  "no-user": { ok: false, message: "Your session has ended. Sign in again." },
} as const

/** Settings › Password for an account without one: mails the link that leads to the form. */
export async function requestSetPasswordAction(_previous: SetPasswordRequestState): Promise<SetPasswordRequestState> {
  return whileDatabaseAnswers(async () => {
    const userId = (await auth())?.user?.id
    if (!userId) return ANSWERS["no-user"]
    const { origin } = await requestInfo()
    const client = await rateLimit.clientAddress()
    try {
      return ANSWERS[await requestSetPasswordMail(getPrisma(), { userId, origin, client, rateLimit })]
    } catch (error) {
      console.error("[set password] the mail could not be sent:", error instanceof Error ? error.message : error)
      return { ok: false, message: "The email could not be sent. Try again in a moment." }
    }
  })
}
