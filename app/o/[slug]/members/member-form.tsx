"use client"

/**
 * One action of the members page as a small form: hidden fields naming the
 * organization and the member or invitation, optional inputs, one button. The
 * outcome shows in the section's status region (ActionStatusMessage), so it
 * stays visible when the action removed the row the form was in.
 */
import { type ReactNode, useActionState } from "react"
import { useActionStatus } from "@/components/action-status"
import { Button, type ButtonKind } from "@/components/ui"
import type { MemberActionState } from "./actions"

export interface MemberFormProps {
  action: (previous: MemberActionState, form: FormData) => Promise<MemberActionState>
  fields: Record<string, string>
  label: string
  pendingLabel: string
  scope: string
  kind?: ButtonKind
  children?: ReactNode
  testId?: string
}

export function MemberForm({ action, fields, label, pendingLabel, scope, kind = "secondary", children, testId }: MemberFormProps) {
  const status = useActionStatus(scope)
  const [, formAction, pending] = useActionState(async (previous: MemberActionState, form: FormData) => {
    status.clear()
    const result = await action(previous, form)
    status.show(result)
    return result
  }, {})
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Button type="submit" kind={kind} size="sm" pending={pending} pendingLabel={pendingLabel} data-testid={testId}>
        {label}
      </Button>
    </form>
  )
}
