import { Button } from "./ui/button"

/**
 * The primary button of a form that tracks its own pending state
 * (useActionState): shows `pendingLabel` with a spinner and is disabled while
 * the action runs. Forms without that state use `SubmitButton` from
 * `components/ui`, which reads the form's status itself.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  fullWidth = false,
  disabled = false,
}: {
  pending: boolean
  label: string
  pendingLabel: string
  fullWidth?: boolean
  /** Nothing to send yet (a settings form before anything was changed). */
  disabled?: boolean
}) {
  return (
    <Button type="submit" pending={pending} pendingLabel={pendingLabel} fullWidth={fullWidth} disabled={disabled}>
      {label}
    </Button>
  )
}
