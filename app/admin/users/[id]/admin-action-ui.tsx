"use client"

/**
 * The buttons of the admin's user page. Each asks first: a plain
 * action in the kit's ConfirmDialog (Cancel focused), one with fields (a
 * reason, a duration, roles) in a dialog holding its form. The outcome shows
 * under the buttons (ActionStatusMessage "admin"); a refusal of a form
 * keeps the dialog open with the reason in it.
 */
import { type FormEvent, type ReactNode, useState, useTransition } from "react"
import { useActionStatus } from "@/components/action-status"
import { StatusMessage } from "@/components/status-message"
import { Button, ConfirmDialog, Dialog, DialogClose } from "@/components/ui"
import type { AdminActionState } from "@/server/admin/admin-action"

type AdminAction = (previous: AdminActionState, form: FormData) => Promise<AdminActionState>

interface CommonProps {
  action: AdminAction
  userId: string
  /** The button's words ("Ban user"): also the dialog's confirm button unless `confirmLabel`. */
  label: string
  title: string
  description: ReactNode
  confirmLabel: string
  pendingLabel: string
  danger?: boolean
}

export function AdminConfirmButton({ action, userId, label, title, description, confirmLabel, pendingLabel, danger = false }: CommonProps) {
  const status = useActionStatus("admin")
  async function run(form: FormData) {
    status.clear()
    status.show(await action({}, form))
  }
  return (
    <ConfirmDialog
      trigger={<Button kind={danger ? "danger" : "secondary"}>{label}</Button>}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      confirmKind={danger ? "danger" : "primary"}
      action={run}
      fields={{ userId }}
    />
  )
}

export function AdminFormButton({ action, userId, label, title, description, confirmLabel, pendingLabel, danger = false, children }: CommonProps & { children: ReactNode }) {
  const status = useActionStatus("admin")
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string>()
  const [pending, startTransition] = useTransition()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    startTransition(async () => {
      status.clear()
      const result = await action({}, form)
      if (result.ok) {
        setOpen(false)
        status.show(result)
      } else setError(result.message)
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return
        setOpen(next)
        setError(undefined)
      }}
      trigger={<Button kind={danger ? "danger" : "secondary"}>{label}</Button>}
      title={title}
      description={description}
    >
      <form onSubmit={submit} className="space-y-4">
        <input type="hidden" name="userId" value={userId} />
        {children}
        <StatusMessage ok={false} text={error} testId="admin-dialog-error" />
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button kind="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" kind={danger ? "danger" : "primary"} pending={pending} pendingLabel={pendingLabel}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
