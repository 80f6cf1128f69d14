"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { Card } from "@/components/ui"
import { type SettingsState, updateNameAction } from "./actions"

/** Settings › Profile › Display name: how the user appears in the header and to others. */
export function SettingsForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(updateNameAction, {})
  return (
    // Not a named region: its name would be "Display name", the field's label, and find the field twice.
    <Card id="display-name" headingLevel={3} title="Display name" description="How you appear in the header and in mails we send you.">
      <form action={action} className="space-y-4">
        <TextField name="name" label="Display name" type="text" required maxLength={80} defaultValue={state.name ?? name} autoComplete="name" />
        <StatusMessage ok={state.ok} text={state.message} testId="settings-message" />
        <SubmitButton pending={pending} label="Save" pendingLabel="Saving…" />
      </form>
    </Card>
  )
}
