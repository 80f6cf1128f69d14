"use server"

import { auth, rateLimit } from "@/auth"
import { isVerificationNext, sendVerificationMail } from "@/server/accounts/email-verification"
import { requestInfo } from "@/server/accounts/request-info"
import { formInput } from "@/server/form-input"
import { getPrisma } from "@/lib/db/client"
import { mailMode } from "@/server/mail/deliver"
import { whileDatabaseAnswers } from "@/server/session-state"
import { MAIL_OFF_MESSAGE } from "./verification-messages"

export interface ResendState {
  message?: string
}

/**
 * Mails a new verification link. `next` in the form ("two-factor", from the
 * two-factor section): the confirmed page offers to carry on with that.
 */
export async function resendVerificationAction(_previous?: ResendState, input?: FormData): Promise<ResendState> {
  // Any payload a hand-made request sends reads as an empty form (server/form-input.ts).
  const next = formInput(input).get("next")
  return whileDatabaseAnswers(async () => {
    const id = (await auth())?.user?.id
    if (!id) return { message: "Your session has ended. Sign in again." }
    // Production without EMAIL_SERVER: "try again" would be untrue, nothing will ever be sent.
    if (mailMode() === "off") return { message: MAIL_OFF_MESSAGE }
    const { origin } = await requestInfo()
    const client = await rateLimit.clientAddress()
    try {
      const outcome = await sendVerificationMail(getPrisma(), { userId: id, origin, counted: { client, rateLimit }, next: isVerificationNext(next) ? next : undefined })
      if (outcome === "already-verified") return { message: "Your address is already verified." }
    } catch (error) {
      console.error("[verify email] the mail could not be sent:", error instanceof Error ? error.message : error)
      return { message: "The email could not be sent. Try again in a moment." }
    }
    // The same words when the send limit held the mail back.
    return { message: "We have sent a verification link to your address. It works for 24 hours." }
  })
}
