"use server"

import { rateLimit } from "@/auth"
import { resetPassword } from "@/lib/accounts/password-reset"
import { getPrisma } from "@/lib/db/client"

export interface ResetPasswordState {
  done?: boolean
  invalidLink?: boolean
  message?: string
}

export async function resetPasswordAction(_previous: ResetPasswordState, form: FormData): Promise<ResetPasswordState> {
  const result = await resetPassword(getPrisma(), { token: form.get("token"), password: form.get("password"), rateLimit })
  if (result.ok) return { done: true }
  if (result.reason === "invalid-link") return { invalidLink: true }
  return { message: result.message }
}
