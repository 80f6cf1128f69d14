"use client"

import { useActionState } from "react"
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
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        {pending ? "Saving…" : "Save"}
      </button>
    </form>
  )
}
