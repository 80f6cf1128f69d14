"use server"

import { rateLimit, securityLog, sessions } from "@/auth"
import { mailLinkOrigin } from "@/lib/auth"
import { resetPassword } from "@/server/accounts/password-reset"
import { sendSecurityNoticeLater } from "@/server/accounts/security-notices"
import { getPrisma } from "@/lib/db/client"
import { formInput } from "@/server/form-input"

export interface ResetPasswordState {
  done?: boolean
  invalidLink?: boolean
  message?: string
}

export async function resetPasswordAction(_previous: ResetPasswordState, input: FormData): Promise<ResetPasswordState> {
  const form = formInput(input)
  const result = await resetPassword(getPrisma(), { token: form.get("token"), password: form.get("password"), rateLimit })
  if (result.ok) {
    // After the reset's transaction committed: every session ends through the library, which sets
    // "sessions valid since" and tells this process at once (no revocation delay here).
    await sessions.revokeAll(result.userId)
    await securityLog.record({ userId: result.userId, type: "password-reset", method: "email" })
    sendSecurityNoticeLater(getPrisma(), { userId: result.userId, notice: { kind: "password", change: "reset" }, origin: mailLinkOrigin(process.env), rateLimit })
    return { done: true }
  }
  if (result.reason === "invalid-link") return { invalidLink: true }
  return { message: result.message }
}
