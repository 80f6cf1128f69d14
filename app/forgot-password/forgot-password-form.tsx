"use client"

import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { type ForgotPasswordState, forgotPasswordAction } from "./actions"

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {})
  if (state.sent) {
    return (
      <p role="status" data-testid="forgot-password-sent" className="rounded-md bg-green-50 p-4 text-green-800 dark:bg-green-950 dark:text-green-200">
        If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.
      </p>
    )
  }
  return (
    <form action={action} className="space-y-5">
      <TextField name="email" label="Email" type="email" autoComplete="email" required defaultValue={state.email} error={state.message} />
      <SubmitButton pending={pending} label="Send reset link" pendingLabel="Sending…" fullWidth />
    </form>
  )
}
