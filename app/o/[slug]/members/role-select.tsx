import { inputClass } from "@/components/ui"

export interface RoleChoice {
  value: string
  label: string
}

/** The "Role" select of the invite and change-role forms; `id` keeps several on one page apart. */
export function RoleSelect({ id, roles, defaultValue }: { id: string; roles: RoleChoice[]; defaultValue: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Role
      </label>
      <select id={id} name="role" defaultValue={defaultValue} className={inputClass}>
        {roles.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </select>
    </div>
  )
}
