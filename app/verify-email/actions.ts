"use server"

import { redirect } from "next/navigation"
import { sessions } from "@/auth"
import { disownSignUp } from "@/server/accounts/email-verification"
import { getPrisma } from "@/lib/db/client"

/** "This wasn't me" on a verification link: the account made with this address loses every way in. */
export async function disownSignUpAction(form: FormData): Promise<void> {
  const token = form.get("token")
  const userId = await disownSignUp(getPrisma(), typeof token === "string" ? token : "")
  // After the take-back's transaction committed: every session ends through the library.
  if (userId) await sessions.revokeAll(userId)
  redirect(`/verify-email?${new URLSearchParams({ outcome: userId ? "disowned" : "invalid" })}`)
}
