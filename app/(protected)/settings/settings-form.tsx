"use client"

import { useActionState, useMemo } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { Card } from "@/components/ui"
import { type SettingsState, updateNameAction } from "./actions"
import { fieldValue, useFormChanged, useSuccessToast } from "./form-changes"

/** Settings › Profile › Display name: how the user appears in the header and to others. */
export function SettingsForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(updateNameAction, {})
  // Save waits for a name other than the saved one.
  // A new answer or a newly saved name (the page re-renders with it) re-checks the field.
  const answer = useMemo(() => ({ state, name }), [state, name])
  const { ref: formRef, changed, onInput } = useFormChanged((f) => fieldValue(f, "name").trim() !== name.trim(), answer)
  useSuccessToast(state, "Settings saved")
  return (
    // Not a named region: its name would be "Display name", the field's label, and find the field twice.
    <Card id="display-name" headingLevel={3} title="Display name" description="How you appear in the header and in mails we send you.">
      <form ref={formRef} action={action} onInput={onInput} className="space-y-4">
        <TextField name="name" label="Display name" type="text" required maxLength={80} defaultValue={state.name ?? name} autoComplete="name" />
        <StatusMessage ok={state.ok} text={state.message} testId="settings-message" />
        <SubmitButton pending={pending} label="Save" pendingLabel="Saving…" disabled={!changed} />
      </form>
    </Card>
  )
}
