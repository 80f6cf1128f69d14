import { Button, Field, inputClass } from "@/components/ui"
import type { UserListFilters } from "@/server/admin/user-list-query"

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: readonly (readonly [string, string])[] }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className={inputClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The list's search and filters: a plain GET form (works without JavaScript; the URL is the list). */
export function UserFilters({ filters, roles }: { filters: UserListFilters; roles: readonly string[] }) {
  return (
    <form method="get" action="/admin" role="search" aria-label="Users" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <Field
        name="q"
        id="search-users"
        label="Search users"
        type="search"
        defaultValue={filters.q}
        placeholder="Email or name"
        autoComplete="off"
        className="sm:col-span-2"
      />
      <Select name="role" label="Role" value={filters.role} options={[["", "Any"], ...roles.map((r) => [r, r] as const)]} />
      <Select name="banned" label="Status" value={filters.banned} options={[["", "Any"], ["yes", "Suspended"], ["no", "Not suspended"]]} />
      <Select name="twoFactor" label="Two-factor" value={filters.twoFactor} options={[["", "Any"], ["on", "On"], ["off", "Off"]]} />
      <Select name="sort" label="Sort by" value={filters.sort} options={[["created", "Newest"], ["last-sign-in", "Last sign-in"]]} />
      <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-3">
        <input id="filter-unverified" type="checkbox" name="unverified" value="yes" defaultChecked={filters.unverified} className="size-4" />
        <label htmlFor="filter-unverified" className="text-sm">
          Only unverified addresses
        </label>
      </div>
      <div className="sm:col-span-2 lg:col-span-3 lg:justify-self-end">
        <Button type="submit" kind="secondary">
          Search
        </Button>
      </div>
    </form>
  )
}
