"use server"

import { setPasswordFromLink } from "@/lib/accounts/set-password"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/lib/session-state"

export interface SetPasswordFormState {
  done?: boolean
  invalidLink?: boolean
  hasPassword?: boolean
  message?: string
  /** Only set (false) when the database did not answer; `message` says so. */
  ok?: boolean
}

/** The form behind a mailed set-password link: the password is stored only here. */
export async function setPasswordAction(_previous: SetPasswordFormState, form: FormData): Promise<SetPasswordFormState> {
  return whileDatabaseAnswers(async () => {
    try {
      const result = await setPasswordFromLink(getPrisma(), { token: form.get("token"), password: form.get("password") })
      if (result.ok) return { done: true }
      if (result.reason === "invalid-link") return { invalidLink: true }
      if (result.reason === "has-password") return { hasPassword: true }
      return { message: result.message }
    } catch (error) {
      // The hash gate refused (too many hashes at once); the link was not used.
      if (error instanceof Error && error.name === "PasswordHasherBusy") return { message: "The server is busy. Try again in a moment." }
      throw error
    }
  })
}
