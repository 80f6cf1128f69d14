"use client"

import { useState } from "react"
import { Button } from "@/components/ui/button"
import { Divider } from "@/components/ui/divider"
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
    <div className="space-y-3">
      <Divider />
      <Button
        kind="secondary"
        fullWidth
        pending={pending}
        pendingLabel="Waiting for your passkey…"
        onClick={(event) => void start(event.currentTarget)}
        aria-describedby="passkey-signup-hint"
      >
        Sign up with a passkey
      </Button>
      <p id="passkey-signup-hint" className="text-center text-sm text-muted">
        No password needed: uses the email and display name above.
      </p>
      {message ? (
        <p role="alert" data-testid="passkey-signup-message" className="text-sm text-danger-text">
          {message}
        </p>
      ) : null}
    </div>
  )
}
