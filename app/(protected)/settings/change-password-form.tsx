"use client"

import { useActionState, useEffect, useRef } from "react"
import { NewPasswordField } from "@/components/new-password-field"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { changePasswordAction, type ChangePasswordState } from "./password-actions"

/** Settings › Password: the current password, then a new one; other sessions are signed out. */
export function ChangePasswordForm() {
  const [state, action, pending] = useActionState<ChangePasswordState, FormData>(changePasswordAction, {})
  // When only the new password is refused, the current one stays typed. It is kept in this
  // browser, never sent back in the server's answer: a page does not carry a password.
  const form = useRef<HTMLFormElement>(null)
  const typedCurrent = useRef("")
  useEffect(() => {
    const field = form.current?.elements.namedItem("currentPassword")
    if (state.field === "newPassword" && field instanceof HTMLInputElement) field.value = typedCurrent.current
    typedCurrent.current = ""
  }, [state])
  return (
    <section className="space-y-4" aria-labelledby="password-heading">
      <div className="space-y-1">
        <h2 id="password-heading" className="text-xl font-semibold">
          Password
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Changing it signs you out everywhere except here.</p>
      </div>
      <form
        ref={form}
        action={action}
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
        <SubmitButton pending={pending} label="Change password" pendingLabel="Changing…" />
      </form>
    </section>
  )
}
