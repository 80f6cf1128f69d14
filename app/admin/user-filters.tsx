"use client"

/**
 * The list's toolbar: search, the filters (role, status, two-factor,
 * unverified) and, on a phone where the header row is not shown, the sort.
 * A plain GET form to /admin, so the URL is the list and it all works
 * without JavaScript (the Search button applies everything). With
 * JavaScript a changed filter applies at once and the navigation stays
 * client-side (next/form). On a phone the filters fold behind a "Filters"
 * toggle: a checkbox and CSS, so it needs no script either.
 */
import Form from "next/form"
import Link from "next/link"
import type { ChangeEvent, ReactNode } from "react"
import { Button, cx } from "@/components/ui"
import { activeFilterCount, sortParam, type UserListFilters, userListHref } from "@/server/admin/user-list-query"

type Options = readonly (readonly [value: string, text: string])[]

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="pointer-events-none absolute right-2.5 size-3.5 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d="m4 6 4 4 4-4" />
    </svg>
  )
}

const PILL =
  "relative inline-flex h-9 items-center rounded-control border text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent"
const pillTone = (active: boolean) => (active ? "border-accent bg-accent-soft text-accent-text" : "border-dashed border-border-strong bg-surface text-fg hover:bg-surface-muted")

/** A native select dressed as a filter pill: "Role: Any". The pill is highlighted while it narrows the list. */
function FilterSelect({ name, label, value, options, className }: { name: string; label: string; value: string; options: Options; className?: string }) {
  const id = `filter-${name}`
  return (
    <div className={cx(PILL, pillTone(value !== "" && name !== "sort"), className)}>
      <label htmlFor={id} className="cursor-pointer pl-3 font-medium whitespace-nowrap">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="h-full cursor-pointer appearance-none rounded-control bg-transparent pr-8 pl-1.5 text-sm text-inherit outline-none [&>option]:bg-surface [&>option]:text-fg"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <Chevron />
    </div>
  )
}

function FilterCheckbox({ name, label, checked }: { name: string; label: ReactNode; checked: boolean }) {
  return (
    <label className={cx(PILL, pillTone(checked), "cursor-pointer gap-2 px-3 font-medium whitespace-nowrap")}>
      <input type="checkbox" name={name} value="yes" defaultChecked={checked} className="size-4 accent-[var(--ds-accent)]" />
      {label}
    </label>
  )
}

export function UserFilters({ filters, roles }: { filters: UserListFilters; roles: readonly string[] }) {
  const active = activeFilterCount(filters)
  // A changed filter applies at once; typing in the search waits for Enter or the button.
  function apply(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement
    if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "checkbox" && target.name)) {
      event.currentTarget.requestSubmit()
    }
  }
  return (
    // Keyed by the list it shows: after a client-side navigation (Reset, Back) the fields show the URL's values, not the last typed ones.
    <Form key={userListHref(filters)} action="/admin" role="search" aria-label="Users" onChange={apply} className="flex flex-wrap items-center gap-2" data-testid="admin-user-filters">
      <div className="relative min-w-0 flex-1 basis-56 sm:max-w-xs">
        <label htmlFor="search-users" className="sr-only">
          Search users
        </label>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
          <circle cx="7" cy="7" r="4.5" />
          <path d="m10.5 10.5 3 3" />
        </svg>
        <input
          id="search-users"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Email or name"
          autoComplete="off"
          className="block h-9 w-full rounded-control border border-border-strong bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-muted"
        />
      </div>
      <Button type="submit" kind="secondary" size="sm" className="h-9">
        Search
      </Button>
      {/* The phone's toggle: a checkbox, so the panel opens without JavaScript. Unnamed: never submitted.
          Gone on a wider screen, where its label is hidden and the panel always shows. */}
      <input id="filters-toggle" type="checkbox" className="peer sr-only sm:hidden" aria-controls="user-filter-panel" />
      <label
        htmlFor="filters-toggle"
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-control border border-border-strong bg-surface px-3 text-sm font-medium peer-checked:bg-surface-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent sm:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
          <path d="M2.5 4h11M4.5 8h7M6.5 12h3" />
        </svg>
        Filters
        {active > 0 ? <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">{active}</span> : null}
      </label>
      <div id="user-filter-panel" className="flex w-full flex-wrap items-center gap-2 max-sm:hidden max-sm:peer-checked:flex sm:w-auto" data-testid="admin-filter-panel">
        <FilterSelect name="role" label="Role" value={filters.role} options={[["", "Any"], ...roles.map((r) => [r, r] as const)]} />
        <FilterSelect name="banned" label="Status" value={filters.banned} options={[["", "Any"], ["no", "Active"], ["yes", "Suspended"]]} />
        <FilterSelect name="twoFactor" label="Two-factor" value={filters.twoFactor} options={[["", "Any"], ["on", "On"], ["off", "Off"]]} />
        <FilterCheckbox name="unverified" label="Unverified only" checked={filters.unverified} />
        {/* The headers sort on a wider screen; a phone shows no header row. Always submitted, so a filter keeps the sort. */}
        <FilterSelect
          name="sort"
          label="Sort"
          value={sortParam(filters.sort, filters.direction)}
          options={[
            ["created", "Newest"],
            ["created-asc", "Oldest"],
            ["last-sign-in", "Recently signed in"],
            ["last-sign-in-asc", "Longest since sign-in"],
          ]}
          className="sm:hidden"
        />
        {active > 0 || filters.q ? (
          <Link href="/admin" className="inline-flex h-9 items-center rounded-control px-3 text-sm font-medium text-accent-text hover:bg-surface-muted">
            Reset
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
