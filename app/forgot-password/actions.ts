"use server"

import { requestPasswordReset } from "@/lib/accounts/password-reset"
import { requestInfo } from "@/lib/accounts/request-info"
import { getPrisma } from "@/lib/db/client"

export interface ForgotPasswordState {
  sent?: boolean
  message?: string
  email?: string
}

/** Same answer for every well-formed address: whether it has an account is not revealed. */
export async function forgotPasswordAction(_previous: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = String(form.get("email") ?? "")
  const { origin, client } = await requestInfo()
  const result = await requestPasswordReset(getPrisma(), { email, origin, client })
  if (!result.ok) return { message: result.message, email }
  return { sent: true }
}
