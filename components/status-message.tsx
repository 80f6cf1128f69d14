/** A form's outcome: announced politely when it worked, as an alert when it did not. */
export function StatusMessage({ ok, text, testId }: { ok?: boolean; text?: string; testId: string }) {
  if (!text) return null
  return (
    <p
      role={ok ? "status" : "alert"}
      data-testid={testId}
      className={ok ? "text-sm text-success-text" : "text-sm text-danger-text"}
    >
      {text}
    </p>
  )
}
