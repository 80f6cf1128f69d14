"use server"

import { sendVerificationMail } from "@/lib/accounts/email-verification"
import { requestInfo } from "@/lib/accounts/request-info"
import { redirect } from "next/navigation"
import { rateLimit, signIn, signInPath } from "@/auth"
import { CredentialsSignin } from "@/lib/auth/errors"
import { signUp } from "@/lib/accounts/users"
import { mailMode } from "@/lib/mail/deliver"
import { getPrisma } from "@/lib/db/client"
import { isDatabaseOutage } from "@/lib/auth/database-fault"

const UNAVAILABLE = "Signing up is temporarily unavailable. Try again in a moment."

export interface SignUpState {
  field?: "email" | "name" | "password"
  message?: string
  values?: { email: string; name: string }
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60)
  return m <= 1 ? "a minute" : `${m} minutes`
}

/**
 * Creates the account, then signs in with the same credentials and lands on the dashboard.
 * Counted per client and across all clients before any work: each sign-up costs a password hash.
 */
export async function signUpAction(_previous: SignUpState, form: FormData): Promise<SignUpState> {
  const email = String(form.get("email") ?? "")
  const name = String(form.get("name") ?? "")
  const password = String(form.get("password") ?? "")
  const values = { email, name }
  const client = await rateLimit.consume("signup-client", await rateLimit.clientAddress())
  const everyone = client.allowed ? await rateLimit.consume("signup-global", "all") : client
  if (!client.allowed || !everyone.allowed) {
    const wait = minutes(Math.max(client.retryAfterSeconds, everyone.retryAfterSeconds))
    return { field: "email", message: `Too many sign-ups right now. Try again in ${wait}.`, values }
  }
  let result: Awaited<ReturnType<typeof signUp>>
  try {
    result = await signUp(getPrisma(), { email, name, password })
  } catch (error) {
    // One row is written (the user with its hash), so an outage leaves no account or a whole one.
    if (isDatabaseOutage(error)) return { field: "email", message: UNAVAILABLE, values }
    throw error
  }
  if (!result.ok) return { field: result.field, message: result.message, values }
  if (mailMode() !== "off") {
    // Not awaited: sign-up does not wait on the SMTP server. The account exists either way,
    // and a mail that fails can be sent again from Settings.
    const { origin } = await requestInfo()
    void sendVerificationMail(getPrisma(), { userId: result.user.id, origin }).catch((error: unknown) => {
      console.error("[verify email] the mail could not be sent:", error instanceof Error ? error.message : error)
    })
  }
  let refused: CredentialsSignin | undefined
  try {
    // signIn redirects by throwing Next's redirect signal, which passes through.
    await signIn("credentials", { email: result.user.email, password, redirectTo: "/dashboard" })
  } catch (error) {
    if (isDatabaseOutage(error)) return { field: "email", message: "Your account was created, but signing in is temporarily unavailable. Sign in in a moment.", values }
    if (!(error instanceof CredentialsSignin)) throw error
    refused = error
  }
  // The account exists; its sign-in was refused (e.g. that email is rate limited): the sign-in page says why.
  const query = new URLSearchParams({ error: "CredentialsSignin", code: refused?.code ?? "credentials" })
  redirect(`${signInPath("/dashboard")}&${query}`)
}
