"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { requestEmailChangeAction, type EmailChangeState } from "./email-change-actions"
import { fieldValue, useFormChanged, useSuccessToast } from "./form-changes"

/** Settings › Email address: the new address; a link to it (and a notice to the current one) does the rest. */
export function EmailChangeForm() {
  const [state, action, pending] = useActionState<EmailChangeState, FormData>(requestEmailChangeAction, {})
  const { ref: formRef, changed, onInput } = useFormChanged((f) => fieldValue(f, "newEmail").trim() !== "", state)
  useSuccessToast(state, "Email change requested: check the new address")
  return (
    <form ref={formRef} action={action} onInput={onInput} className="space-y-3" data-testid="email-change-form">
      <TextField
        name="newEmail"
        label="New email address"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={state.ok ? "" : state.newEmail}
        hint="We mail a confirmation link to the new address and a notice to the current one."
      />
      <StatusMessage ok={state.ok} text={state.message} testId="email-change-message" />
      <SubmitButton pending={pending} label="Change email address" pendingLabel="Sending…" disabled={!changed} />
    </form>
  )
}
