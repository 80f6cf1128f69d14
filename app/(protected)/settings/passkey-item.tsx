"use client"

import { useActionState } from "react"
import { RemoveItemForm } from "@/components/remove-item-form"
import { StatusMessage } from "@/components/status-message"
import { deletePasskeyAction, type PasskeyActionState, renamePasskeyAction } from "./passkey-actions"

export interface PasskeyItemProps {
  credentialID: string
  name: string
  kind: string
  backedUp: boolean
  created: string
  lastUsed: string
}

/** One passkey: its details, a rename form and a delete button. */
export function PasskeyItem({ credentialID, name, kind, backedUp, created, lastUsed }: PasskeyItemProps) {
  const [renamed, rename, renaming] = useActionState<PasskeyActionState, FormData>(renamePasskeyAction, {})
  const [deleted, remove, deleting] = useActionState<PasskeyActionState, FormData>(deletePasskeyAction, {})
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
      <form action={rename} className="flex gap-2">
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
      <RemoveItemForm action={remove} field="credentialID" value={credentialID} pending={deleting} label={`Delete ${name}`} />
      <StatusMessage ok={renamed.ok} text={renamed.message} testId="passkey-message" />
      <StatusMessage ok={deleted.ok} text={deleted.message} testId="passkey-message" />
    </li>
  )
}
