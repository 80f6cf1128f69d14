import { cx, inputClass } from "@/components/ui"

export interface RoleChoice {
  value: string
  label: string
}

/** The "Role" select of the invite and change-role forms; `id` keeps several on one page apart. `inline`: labelled for assistive technology only (a table's column names it). */
export function RoleSelect({ id, roles, defaultValue, inline = false }: { id: string; roles: RoleChoice[]; defaultValue: string; inline?: boolean }) {
  return (
    <div className={inline ? undefined : "space-y-1"}>
      <label htmlFor={id} className={inline ? "sr-only" : "block text-sm font-medium"}>
        Role
      </label>
      <select id={id} name="role" defaultValue={defaultValue} className={cx(inputClass, inline && "h-8 w-auto py-0 pr-8 text-sm")}>
        {roles.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </select>
    </div>
  )
}
