"use client"

import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { type SettingsState, updateNameAction } from "./actions"

export function SettingsForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(updateNameAction, {})
  return (
    <form action={action} className="space-y-4">
      <TextField name="name" label="Display name" type="text" required maxLength={80} defaultValue={name} autoComplete="name" />
      {state.message ? (
        <p
          role={state.ok ? "status" : "alert"}
          data-testid="settings-message"
          className={state.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-700 dark:text-red-400"}
        >
          {state.message}
        </p>
      ) : null}
      <SubmitButton pending={pending} label="Save" pendingLabel="Saving…" />
    </form>
  )
}
