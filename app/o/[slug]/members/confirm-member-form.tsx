"use client"

/**
 * An action of the members page that is not undone by a click (remove a
 * member, hand over ownership, leave, cancel an invitation): the button asks
 * first (components/confirm-form.tsx), and the outcome shows in the section's
 * status region like the other actions'.
 */
import { useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import type { MemberActionState } from "./actions"

export interface ConfirmMemberFormProps {
  action: (previous: MemberActionState, form: FormData) => Promise<MemberActionState>
  fields: Record<string, string>
  label: string
  question: string
  confirmLabel: string
  pendingLabel: string
  scope: string
}

export function ConfirmMemberForm({ action, fields, label, question, confirmLabel, pendingLabel, scope }: ConfirmMemberFormProps) {
  const status = useActionStatus(scope)
  return (
    <ConfirmForm
      action={async (form) => {
        status.clear()
        status.show(await action({}, form))
      }}
      fields={fields}
      label={label}
      question={question}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
    />
  )
}
