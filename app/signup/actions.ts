"use server"

import { signIn } from "@/auth"
import { sendVerificationMail } from "@/lib/accounts/email-verification"
import { requestInfo } from "@/lib/accounts/request-info"
import { signUp } from "@/lib/accounts/users"
import { mailMode } from "@/lib/mail/deliver"
import { getPrisma } from "@/lib/db/client"

export interface SignUpState {
  field?: "email" | "name" | "password"
  message?: string
  values?: { email: string; name: string }
}

/** Creates the account, then signs in with the same credentials and lands on the dashboard. */
export async function signUpAction(_previous: SignUpState, form: FormData): Promise<SignUpState> {
  const email = String(form.get("email") ?? "")
  const name = String(form.get("name") ?? "")
  const password = String(form.get("password") ?? "")
  const result = await signUp(getPrisma(), { email, name, password })
  if (!result.ok) return { field: result.field, message: result.message, values: { email, name } }
  if (mailMode() !== "off") {
    // Not awaited: sign-up does not wait on the SMTP server. The account exists either way,
    // and a mail that fails can be sent again from Settings.
    const { origin } = await requestInfo()
    void sendVerificationMail(getPrisma(), { userId: result.user.id, origin }).catch((error: unknown) => {
      console.error("[verify email] the mail could not be sent:", error instanceof Error ? error.message : error)
    })
  }
  // Outside any try/catch: signIn redirects by throwing Next's redirect signal.
  await signIn("credentials", { email: result.user.email, password, redirectTo: "/dashboard" })
  return {}
}
