"use server"

import { auth, rateLimit, securityLog, sessions } from "@/auth"
import { mailLinkOrigin } from "@/lib/auth"
import { isPasswordHasherBusy } from "@/server/accounts/hash-gate"
import { FIRST_PASSWORD_DETAIL } from "@/server/accounts/security-activity"
import { sendSecurityNoticeLater } from "@/server/accounts/security-notices"
import { setPasswordFromLink } from "@/server/accounts/set-password"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"

export interface SetPasswordFormState {
  done?: boolean
  invalidLink?: boolean
  hasPassword?: boolean
  message?: string
  /** Only set (false) when the database did not answer; `message` says so. */
  ok?: boolean
}

/** The form behind a mailed set-password link: the password is stored only here. */
export async function setPasswordAction(_previous: SetPasswordFormState, input: FormData): Promise<SetPasswordFormState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    try {
      const signedInUserId = (await auth())?.user?.id ?? null
      const result = await setPasswordFromLink(getPrisma(), { token: form.get("token"), password: form.get("password"), signedInUserId })
      if (result.ok) {
        // A take-back removed everything in its transaction; every session ends now, through the library.
        if (result.tookBack) await sessions.revokeAll(result.userId)
        await securityLog.record({ userId: result.userId, type: "password-changed", method: "email", detail: FIRST_PASSWORD_DETAIL })
        sendSecurityNoticeLater(getPrisma(), { userId: result.userId, notice: { kind: "password", change: "set" }, origin: mailLinkOrigin(process.env), rateLimit })
        return { done: true }
      }
      if (result.reason === "invalid-link") return { invalidLink: true }
      if (result.reason === "has-password") return { hasPassword: true }
      return { message: result.message }
    } catch (error) {
      // The hash gate refused (too many hashes at once); the link was not used.
      if (isPasswordHasherBusy(error)) return { message: "The server is busy. Try again in a moment." }
      throw error
    }
  })
}
