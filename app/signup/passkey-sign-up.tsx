"use client"

import { useState } from "react"
import { signIn } from "@/lib/auth/webauthn"

const MESSAGES: Record<string, string> = {
  email_in_use: "An account with this email exists. Sign in to it, then add a passkey in settings.",
  email_invalid: "Enter a valid email address.",
  rate_limited: "Too many passkey attempts from this network. Wait a minute and try again.",
  NotAllowedError: "The passkey request was cancelled or timed out.",
  ERROR_CEREMONY_ABORTED: "The passkey request was cancelled.",
}

/**
 * "Sign up with a passkey": uses the sign-up form's email and display name,
 * creates the account with a passkey and no password, and signs in.
 */
export function PasskeySignUp() {
  const [message, setMessage] = useState<string>()
  const [pending, setPending] = useState(false)

  async function start(button: HTMLButtonElement) {
    const form = button.form
    const email = form?.elements.namedItem("email") as HTMLInputElement | null
    const name = form?.elements.namedItem("name") as HTMLInputElement | null
    if (!email?.reportValidity()) return
    setPending(true)
    setMessage(undefined)
    const result = await signIn("passkey", {
      action: "register",
      email: email.value.trim(),
      name: name?.value.trim() || undefined,
      redirectTo: "/dashboard",
    })
    setPending(false)
    if (!result.ok) setMessage((result.code && MESSAGES[result.code]) || "Could not create a passkey. Try again.")
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-zinc-500">
        <span className="h-px flex-1 bg-zinc-300 dark:bg-zinc-700" />
        or
        <span className="h-px flex-1 bg-zinc-300 dark:bg-zinc-700" />
      </div>
      <button
        type="button"
        disabled={pending}
        onClick={(event) => void start(event.currentTarget)}
        className="w-full rounded-md border border-zinc-300 px-4 py-2 font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {pending ? "Waiting for your passkey…" : "Sign up with a passkey"}
      </button>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">No password needed: uses the email and display name above.</p>
      {message ? (
        <p role="alert" data-testid="passkey-signup-message" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  )
}
