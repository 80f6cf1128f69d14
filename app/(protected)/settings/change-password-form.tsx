"use client"

import { useActionState, useEffect, useRef } from "react"
import { NewPasswordField } from "@/components/new-password-field"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { Card } from "@/components/ui"
import { changePasswordAction, type ChangePasswordState } from "./password-actions"
import { fieldValue, useFormChanged, useSuccessToast } from "./form-changes"

/** Settings › Password: the current password, then a new one; other sessions are signed out. */
export function ChangePasswordForm() {
  const [state, action, pending] = useActionState<ChangePasswordState, FormData>(changePasswordAction, {})
  // When only the new password is refused, the current one stays typed. It is kept in this
  // browser, never sent back in the server's answer: a page does not carry a password.
  const { ref: form, changed, onInput } = useFormChanged((f) => fieldValue(f, "currentPassword") !== "" && fieldValue(f, "newPassword") !== "", state)
  const typedCurrent = useRef("")
  useSuccessToast(state, "Password changed")
  useEffect(() => {
    const field = form.current?.elements.namedItem("currentPassword")
    if (state.field === "newPassword" && field instanceof HTMLInputElement) field.value = typedCurrent.current
    typedCurrent.current = ""
    onInput()
  }, [state, form, onInput])
  return (
    <Card as="section" id="password" headingLevel={3} title="Password" description="Changing it signs you out everywhere except here.">
      <form
        ref={form}
        action={action}
        onInput={onInput}
        onSubmit={(event) => {
          const field = event.currentTarget.elements.namedItem("currentPassword")
          typedCurrent.current = field instanceof HTMLInputElement ? field.value : ""
        }}
        className="space-y-4"
      >
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={state.field === "currentPassword" ? state.message : undefined}
        />
        <NewPasswordField name="newPassword" label="New password" error={state.field === "newPassword" ? state.message : undefined} />
        {state.field ? null : <StatusMessage ok={state.ok} text={state.message} testId="password-message" />}
        <SubmitButton pending={pending} label="Change password" pendingLabel="Changing…" disabled={!changed} />
      </form>
    </Card>
  )
}
