"use server"

import { sendVerificationMail } from "@/server/accounts/email-verification"
import { requestInfo } from "@/server/accounts/request-info"
import { redirect } from "next/navigation"
import { rateLimit, signIn, signInPath } from "@/auth"
import { CredentialsSignin } from "@/lib/auth"
import { checkSignUp, signUp } from "@/server/accounts/users"
import { mailMode } from "@/server/mail/deliver"
import { getPrisma } from "@/lib/db/client"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import { formInput } from "@/server/form-input"

const UNAVAILABLE = "Signing up is temporarily unavailable. Try again in a moment."

export interface SignUpState {
  field?: "email" | "name" | "password"
  message?: string
  values?: { email: string; name: string }
}

/** A wait as people say it: the refusing rule's own Retry-After, never another rule's window. */
function waitText(seconds: number): string {
  if (seconds < 60) return seconds <= 1 ? "a second" : `${seconds} seconds`
  const m = Math.ceil(seconds / 60)
  return m <= 1 ? "a minute" : `${m} minutes`
}

const LIMITED: Record<string, (wait: string) => string> = {
  "signup-client": (wait) => `Too many sign-ups from your network. Try again in ${wait}.`,
  "signup-address": (wait) => `Too many sign-up attempts for this email address. Try again in ${wait}.`,
  "signup-global": (wait) => `Too many sign-ups right now. Try again in ${wait}.`,
}

/**
 * Creates the account, then signs in with the same credentials and lands on the dashboard.
 * The form is checked first (that costs nothing); a valid one is counted per client, per
 * address and against the flood limit of all clients before any work, since each sign-up
 * costs a database lookup and a password hash.
 */
export async function signUpAction(_previous: SignUpState, input: FormData): Promise<SignUpState> {
  const form = formInput(input)
  const email = String(form.get("email") ?? "")
  const name = String(form.get("name") ?? "")
  const password = String(form.get("password") ?? "")
  const values = { email, name }
  const checked = checkSignUp({ email, name, password })
  if (!checked.ok) return { field: checked.field, message: checked.message, values }
  const verdict = await rateLimit.consumeAll([
    ["signup-client", await rateLimit.clientAddress()],
    ["signup-address", checked.input.email],
    ["signup-global", "all"],
  ])
  if (!verdict.allowed) {
    const message = (LIMITED[verdict.action ?? ""] ?? LIMITED["signup-global"]!)(waitText(verdict.retryAfterSeconds))
    return { field: "email", message, values }
  }
  let result: Awaited<ReturnType<typeof signUp>>
  try {
    result = await signUp(getPrisma(), checked.input)
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
