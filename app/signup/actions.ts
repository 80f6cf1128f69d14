"use server"

import { signIn } from "@/auth"
import { signUp } from "@/lib/accounts/users"
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
  // Outside any try/catch: signIn redirects by throwing Next's redirect signal.
  await signIn("credentials", { email: result.user.email, password, redirectTo: "/dashboard" })
  return {}
}
