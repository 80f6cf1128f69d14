import { cx, inputClass } from "@/components/ui"

export interface RoleChoice {
  value: string
  label: string
}

/**
 * A select of the organization's roles: the invite and change-role forms' "Role", and the SSO
 * connection's default role. `id` keeps several on one page apart. `inline`: labelled for
 * assistive technology only (a table's column names it).
 */
export function RoleSelect({
  id,
  roles,
  defaultValue,
  inline = false,
  name = "role",
  label = "Role",
}: {
  id: string
  roles: RoleChoice[]
  defaultValue: string
  inline?: boolean
  name?: string
  label?: string
}) {
  return (
    <div className={inline ? undefined : "space-y-1"}>
      <label htmlFor={id} className={inline ? "sr-only" : "block text-sm font-medium"}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={cx(inputClass, inline && "h-8 w-auto py-0 pr-8 text-sm")}>
        {roles.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </select>
    </div>
  )
}
