"use client"

import { useFormStatus } from "react-dom"
import { Button, type ButtonProps } from "./button"

export type SubmitButtonProps = Omit<ButtonProps, "type">

/**
 * A form's submit button that knows when its form is being sent: it reads
 * the enclosing form's status (`useFormStatus`), so every form that posts to
 * an action gets the pending state without wiring it. A `pending` prop still
 * wins, for forms that track it themselves (useActionState, transitions).
 *
 * Only the button that sent the form shows the spinner when a form has
 * several (one per `formAction`): the others are just disabled.
 */
export function SubmitButton({ pending, name, value, formAction, ...rest }: SubmitButtonProps) {
  const status = useFormStatus()
  const formPending = status.pending && sentByThisButton(status, { name, value, formAction })
  return (
    <Button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      pending={pending ?? formPending}
      disabled={rest.disabled || (status.pending && !formPending)}
      {...withoutDisabled(rest)}
    />
  )
}

function withoutDisabled<T extends { disabled?: boolean }>(props: T): Omit<T, "disabled"> {
  const { disabled: _ignored, ...rest } = props
  return rest
}

/**
 * Whether the pending submission came from this button. useFormStatus tells
 * the action and the submitted data: a button with its own formAction is the
 * sender when that action runs; one with a name/value when its pair was sent;
 * any other button is assumed to be the form's one submit button.
 */
function sentByThisButton(
  status: { action: unknown; data: FormData | null },
  button: Pick<SubmitButtonProps, "name" | "value" | "formAction">,
): boolean {
  if (typeof button.formAction === "function") return status.action === button.formAction
  if (button.name && status.data) return status.data.get(button.name) === String(button.value ?? "")
  return true
}
