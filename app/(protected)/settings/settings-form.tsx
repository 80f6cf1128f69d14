"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { type SettingsState, updateNameAction } from "./actions"

export function SettingsForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(updateNameAction, {})
  return (
    <form action={action} className="space-y-4">
      <TextField name="name" label="Display name" type="text" required maxLength={80} defaultValue={name} autoComplete="name" />
      <StatusMessage ok={state.ok} text={state.message} testId="settings-message" />
      <SubmitButton pending={pending} label="Save" pendingLabel="Saving…" />
    </form>
  )
}
