/**
 * The form that removes one item of a Settings list (a passkey, a session):
 * the item's id in a hidden field and a red text button naming the item.
 */
export function RemoveItemForm({
  action,
  field,
  value,
  pending,
  label,
}: {
  action: (form: FormData) => void
  field: string
  value: string
  pending: boolean
  label: string
}) {
  return (
    <form action={action}>
      <input type="hidden" name={field} value={value} />
      <button type="submit" disabled={pending} className="text-sm font-medium text-red-700 underline dark:text-red-400">
        {label}
      </button>
    </form>
  )
}
