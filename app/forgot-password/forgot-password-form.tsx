"use client"

import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { DevMailboxHint } from "@/components/dev-mailbox-hint"
import { type ForgotPasswordState, forgotPasswordAction } from "./actions"

/** `devMailbox`: mail goes to the development mailbox, so the "sent" notice says where to read it. */
export function ForgotPasswordForm({ devMailbox = false }: { devMailbox?: boolean }) {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {})
  if (state.sent) {
    return (
      <div className="space-y-3">
        <p role="status" data-testid="forgot-password-sent" className="rounded-md bg-green-50 p-4 text-green-800 dark:bg-green-950 dark:text-green-200">
          If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.
        </p>
        {devMailbox ? <DevMailboxHint /> : null}
      </div>
    )
  }
  return (
    <form action={action} className="space-y-5">
      <TextField name="email" label="Email" type="email" autoComplete="email" required defaultValue={state.email} error={state.message} />
      <SubmitButton pending={pending} label="Send reset link" pendingLabel="Sending…" fullWidth />
    </form>
  )
}
