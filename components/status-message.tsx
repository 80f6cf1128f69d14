/** A form's outcome: announced politely when it worked, as an alert when it did not. */
export function StatusMessage({ ok, text, testId }: { ok?: boolean; text?: string; testId: string }) {
  if (!text) return null
  return (
    <p
      role={ok ? "status" : "alert"}
      data-testid={testId}
      className={ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-red-700 dark:text-red-400"}
    >
      {text}
    </p>
  )
}
