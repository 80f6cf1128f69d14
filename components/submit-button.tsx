/** The primary button of a form; shows `pendingLabel` and is disabled while the action runs. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  fullWidth = false,
}: {
  pending: boolean
  label: string
  pendingLabel: string
  fullWidth?: boolean
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`${fullWidth ? "w-full " : ""}rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60`}
    >
      {pending ? pendingLabel : label}
    </button>
  )
}
