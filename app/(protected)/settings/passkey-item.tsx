"use client"

import { type FormEvent, useTransition } from "react"
import { useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { deletePasskeyAction, renamePasskeyAction } from "./passkey-actions"

export interface PasskeyItemProps {
  credentialID: string
  name: string
  kind: string
  backedUp: boolean
  created: string
  lastUsed: string
}

/** One passkey: its details, a rename form and a delete button that asks first. Outcomes show in the section's message. */
export function PasskeyItem({ credentialID, name, kind, backedUp, created, lastUsed }: PasskeyItemProps) {
  const status = useActionStatus("passkeys")
  const [renaming, startRename] = useTransition()

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    status.clear()
    startRename(async () => status.show(await renamePasskeyAction({}, form)))
  }

  async function remove(form: FormData) {
    status.clear()
    status.show(await deletePasskeyAction({}, form))
  }

  return (
    <li className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="passkey">
      <p className="font-medium" data-testid="passkey-name">
        {name}
      </p>
      <dl className="grid grid-cols-2 gap-x-3 text-sm text-zinc-600 dark:text-zinc-400">
        <dt>Type</dt>
        <dd data-testid="passkey-kind">{kind}</dd>
        <dt>Backed up</dt>
        <dd data-testid="passkey-backed-up">{backedUp ? "Yes" : "No"}</dd>
        <dt>Created</dt>
        <dd>{created}</dd>
        <dt>Last used</dt>
        <dd data-testid="passkey-last-used">{lastUsed}</dd>
      </dl>
      <form onSubmit={rename} className="flex gap-2">
        <input type="hidden" name="credentialID" value={credentialID} />
        <label className="sr-only" htmlFor={`rename-${credentialID}`}>
          New name for {name}
        </label>
        <input
          id={`rename-${credentialID}`}
          name="name"
          required
          maxLength={60}
          defaultValue={name}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" disabled={renaming} className="rounded-md border border-zinc-300 px-3 py-1 text-sm dark:border-zinc-700">
          Rename
        </button>
      </form>
      <ConfirmForm
        action={remove}
        fields={{ credentialID }}
        label={`Delete ${name}`}
        question={`Delete the passkey “${name}”? You will no longer be able to sign in with it.`}
        confirmLabel="Yes, delete it"
        pendingLabel="Deleting…"
      />
    </li>
  )
}
