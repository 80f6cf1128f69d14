"use client"

import { type FormEvent, useState, useTransition } from "react"
import { useActionStatus } from "@/components/action-status"
import { toast } from "@/components/flash-toaster"
import { ConfirmForm } from "@/components/confirm-form"
import { RelativeTime } from "@/components/relative-time"
import { Button, Dialog, DialogClose, Field } from "@/components/ui"
import { PASSKEY_NAME_MAX } from "@/server/accounts/passkey-limits"
import { deletePasskeyAction, renamePasskeyAction } from "./passkey-actions"

export interface PasskeyItemProps {
  credentialID: string
  /** The owner's name for it, or the one it is known by (its authenticator, the browser it was added in). */
  name: string
  kind: string
  backedUp: boolean
  /** ISO 8601. */
  created: string
  /** ISO 8601; null when it was never used to sign in. */
  lastUsed: string | null
  /** The server's clock when it rendered the page (ISO 8601). */
  renderedAt: string
}

/**
 * One passkey: its name, kind and dates, a "Rename" button that opens a
 * dialog (the name is not an always-open field), and a "Delete" button that
 * asks first. Outcomes show in the section's one message.
 */
export function PasskeyItem({ credentialID, name, kind, backedUp, created, lastUsed, renderedAt }: PasskeyItemProps) {
  const status = useActionStatus("passkeys")
  const [renaming, startRename] = useTransition()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<{ message: string; typed: string }>()

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const typed = String(form.get("name") ?? "")
    status.clear()
    setError(undefined)
    startRename(async () => {
      const result = await renamePasskeyAction({}, form)
      // A refused name stays in the dialog with what was typed; anything else closes it and reports below the list.
      if (result.ok === false && result.field === "name") {
        setError({ message: result.message ?? "", typed })
        return
      }
      setOpen(false)
      status.show(result)
    })
  }

  async function remove(form: FormData) {
    status.clear()
    const result = await deletePasskeyAction({}, form)
    status.show(result)
    if (result?.ok) toast.success("Passkey removed")
  }

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between" data-testid="passkey">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words" data-testid="passkey-name">
            {name}
          </span>
          <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-muted" data-testid="passkey-kind">
            {kind}
          </span>
        </p>
        <p className="text-sm text-muted">
          Added <RelativeTime dateTime={created} renderedAt={renderedAt} /> · Last used{" "}
          <span data-testid="passkey-last-used">{lastUsed ? <RelativeTime dateTime={lastUsed} renderedAt={renderedAt} /> : "never"}</span>
          {" · "}
          <span data-testid="passkey-backed-up" data-backed-up={backedUp}>
            {backedUp ? "Backed up" : "Not backed up"}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-2">
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (renaming) return
            setOpen(next)
            setError(undefined)
          }}
          title="Rename passkey"
          description="A name you will recognise, such as the device or the password manager that holds it."
          trigger={
            <Button kind="secondary" size="sm" aria-label={`Rename ${name}`}>
              Rename
            </Button>
          }
        >
          <form onSubmit={rename} className="space-y-4">
            <input type="hidden" name="credentialID" value={credentialID} />
            <Field
              id={`passkey-name-${credentialID}`}
              name="name"
              label="Passkey name"
              required
              maxLength={PASSKEY_NAME_MAX}
              defaultValue={error?.typed ?? name}
              error={error?.message}
              autoComplete="off"
            />
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button kind="secondary" disabled={renaming}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" pending={renaming} pendingLabel="Saving…">
                Save name
              </Button>
            </div>
          </form>
        </Dialog>
        <ConfirmForm
          action={remove}
          fields={{ credentialID }}
          label={`Delete ${name}`}
          text="Delete"
          question={`Delete the passkey “${name}”? You will no longer be able to sign in with it.`}
          confirmLabel="Yes, delete it"
          pendingLabel="Deleting…"
        />
      </div>
    </li>
  )
}
