"use server"

import { revalidatePath } from "next/cache"
import { rateLimit, requireRecentAuthentication, securityLog, sessions } from "@/auth"
import { mailLinkOrigin } from "@/lib/auth"
import { changePassword } from "@/server/accounts/password-change"
import { sendSecurityNoticeLater } from "@/server/accounts/security-notices"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"

export interface ChangePasswordState {
  ok?: boolean
  message?: string
  field?: "currentPassword" | "newPassword"
}

/**
 * Changes the password, then ends every other session of the user (database
 * strategy: the rows; jwt: every token issued before now, this browser's
 * replaced by a new one): whoever else held one must sign in with the new
 * password. This browser stays signed in.
 */
export async function changePasswordAction(_previous: ChangePasswordState, input: FormData): Promise<ChangePasswordState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    // A recent proof of identity first (ASVS 7.5.1): a stale session goes to re-authenticate and back.
    const userId = (await requireRecentAuthentication({ callbackUrl: "/settings" })).user?.id
    if (!userId) return { ok: false, message: "Your session has ended. Sign in again." }
    const result = await changePassword(getPrisma(), {
      userId,
      currentPassword: form.get("currentPassword"),
      newPassword: form.get("newPassword"),
      rateLimit,
    })
    if (!result.ok) {
      // A wrong current password from a signed-in browser is worth the owner's attention (a borrowed session).
      if (result.wrongPassword) await securityLog.record({ userId, type: "password-changed", outcome: "failure", method: "password" })
      return { ok: false, field: result.field, message: result.message }
    }
    await securityLog.record({ userId, type: "password-changed", method: "password" })
    sendSecurityNoticeLater(getPrisma(), { userId, notice: { kind: "password", change: "changed" }, origin: mailLinkOrigin(process.env), rateLimit })
    const revoked = await sessions.revokeOthers()
    revalidatePath("/settings")
    if (revoked.status !== "ok") return { ok: true, message: "Password changed." }
    if (revoked.revoked === null) return { ok: true, message: "Password changed. Every other session was signed out." }
    const others = revoked.revoked === 1 ? "1 other session was" : `${revoked.revoked} other sessions were`
    return { ok: true, message: `Password changed. ${others} signed out.` }
  })
}
