"use server"

import { redirect } from "next/navigation"
import { securityLog, sessions } from "@/auth"
import { getPrisma } from "@/lib/db/client"
import { revokePasswordFromLink } from "@/server/accounts/password-revoke"

/** "It wasn't me" confirmed: the password the link names goes, every session ends, the log says so. */
export async function revokePasswordAction(form: FormData): Promise<void> {
  const token = form.get("token")
  const result = await revokePasswordFromLink(getPrisma(), typeof token === "string" ? token : "")
  if (result.outcome === "revoked") {
    // After the transaction committed: jwt sessions and pending sign-ins end through the library.
    await sessions.revokeAll(result.userId)
    await securityLog.record({ userId: result.userId, type: "password-revoked", method: "email" })
  }
  redirect(`/password-revoke?${new URLSearchParams({ outcome: result.outcome })}`)
}
