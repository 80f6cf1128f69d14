"use client"

import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { DevMailboxHint } from "@/components/dev-mailbox-hint"
import { Alert } from "@/components/ui/alert"
import { type ForgotPasswordState, forgotPasswordAction } from "./actions"

/** `devMailbox`: mail goes to the development mailbox, so the "sent" notice says where to read it. */
export function ForgotPasswordForm({ devMailbox = false }: { devMailbox?: boolean }) {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {})
  if (state.sent) {
    return (
      <div className="space-y-3">
        <Alert tone="success" data-testid="forgot-password-sent">
          If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.
        </Alert>
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
