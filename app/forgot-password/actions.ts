"use server"

import { rateLimit } from "@/auth"
import { requestPasswordReset } from "@/server/accounts/password-reset"
import { requestInfo } from "@/server/accounts/request-info"
import { getPrisma } from "@/lib/db/client"
import { formInput } from "@/server/form-input"

export interface ForgotPasswordState {
  sent?: boolean
  message?: string
  email?: string
}

/** Same answer for every well-formed address: whether it has an account is not revealed. */
export async function forgotPasswordAction(_previous: ForgotPasswordState, input: FormData): Promise<ForgotPasswordState> {
  const form = formInput(input)
  const email = String(form.get("email") ?? "")
  const { origin } = await requestInfo()
  const client = await rateLimit.clientAddress()
  const result = await requestPasswordReset(getPrisma(), { email, origin, client, rateLimit })
  if (!result.ok) return { message: result.message, email }
  return { sent: true }
}
