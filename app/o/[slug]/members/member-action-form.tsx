"use client"

/**
 * A form of the members page. Without a script the browser posts it to
 * memberFormAction, which comes back to the page with the list as it now is.
 * With one, the same intent runs in place: a change that succeeded is a
 * toast (it often removed the row the form was in), a refusal stays in the
 * section's status region until the next action.
 */
import { type ReactNode, useTransition } from "react"
import { useActionStatus } from "@/components/action-status"
import { toast } from "@/components/flash-toaster"
import { memberFormAction, memberIntentAction } from "./actions"

export type MemberIntent = "invite" | "resend" | "cancel" | "change-role" | "remove" | "transfer" | "leave"

export interface MemberActionFormProps {
  intent: MemberIntent
  fields: Record<string, string>
  /** The section whose status region shows the outcome. */
  scope: string
  /** Success as a toast (the default) or in the status region. */
  success?: "toast" | "status"
  className?: string
  children: (pending: boolean) => ReactNode
  onDone?: (ok: boolean) => void
}

export function MemberActionForm({ intent, fields, scope, success = "toast", className, children, onDone }: MemberActionFormProps) {
  const status = useActionStatus(scope)
  const [pending, start] = useTransition()
  return (
    <form
      action={memberFormAction}
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        start(async () => {
          status.clear()
          const result = await memberIntentAction(data)
          if (result.ok && success === "toast" && result.message) toast.success(result.message)
          else status.show(result)
          onDone?.(result.ok === true)
        })
      }}
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(pending)}
    </form>
  )
}
