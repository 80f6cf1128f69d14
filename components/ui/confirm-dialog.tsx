"use client"

/**
 * An action that asks first: the trigger opens an alert dialog (Radix
 * AlertDialog: focus trapped, Escape cancels, focus goes back to the trigger,
 * a click outside does not dismiss it) that states what will happen, with
 * Cancel focused first so a stray Enter does nothing irreversible.
 *
 * The confirmation is a form, so the action gets the item's hidden fields as
 * FormData; the dialog stays open with a pending button while it runs and
 * closes when it is done (an action that fails keeps the page's own message).
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog"
import { type FormEvent, type ReactNode, useState, useTransition } from "react"
import type { ButtonKind } from "./button-styles"
import { Button } from "./button"
import { overlayClass, panelClass } from "./dialog"

export interface ConfirmDialogProps {
  /** The opening button, naming the item ("Delete Work laptop"). */
  trigger: ReactNode
  title: ReactNode
  description?: ReactNode
  confirmLabel: string
  pendingLabel?: string
  cancelLabel?: string
  /** The confirm button's kind: danger (default) for what cannot be undone. */
  confirmKind?: Extract<ButtonKind, "primary" | "danger">
  action: (form: FormData) => Promise<void>
  /** Hidden fields the action reads (an item's id). */
  fields?: Record<string, string>
}

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  confirmKind = "danger",
  action,
  fields = {},
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false)
  const [pending, startTransition] = useTransition()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    startTransition(async () => {
      await action(form)
      setOpen(false)
    })
  }

  return (
    // While the action runs the dialog cannot be dismissed: the outcome would have nowhere to go.
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={panelClass} {...(description ? {} : { "aria-describedby": undefined })}>
          <AlertDialog.Title className="text-heading">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description> : null}
          <form onSubmit={submit} className="mt-6 flex flex-wrap justify-end gap-3">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <AlertDialog.Cancel asChild>
              <Button kind="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" kind={confirmKind} pending={pending} pendingLabel={pendingLabel}>
              {confirmLabel}
            </Button>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
