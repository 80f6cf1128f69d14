"use client"

/**
 * The admin's user list: one row a user. The server has already filtered,
 * sorted and paged the rows (the URL is the list), so the table sorts
 * nothing itself: a sortable header is a link to the list sorted by that
 * column, which works without JavaScript, and with it navigates client-side.
 * On a phone the same rows lay out as a list of cards (no sideways scroll).
 */
import Link from "next/link"
import { useMemo } from "react"
import { createColumnHelper, flexRender, tableFeatures, useTable } from "@tanstack/react-table"
import { RelativeTime } from "@/components/relative-time"
import { Avatar, Badge } from "@/components/ui"
import type { SortColumn, UserListFilters } from "@/server/admin/user-list-query"

export interface UserRow {
  id: string
  email: string | null
  name: string | null
  image: string | null
  roles: string[]
  /** ISO 8601. */
  createdAt: string | null
  lastSignInAt: string | null
  twoFactor: boolean
  status: "active" | "suspended" | "unverified"
}

// Only the core: the server filters, sorts and pages; the table lays out columns and cells.
const features = tableFeatures({})
const column = createColumnHelper<typeof features, UserRow>()

const STATUS = {
  active: { text: "Active", tone: "success" },
  suspended: { text: "Suspended", tone: "danger" },
  unverified: { text: "Unverified", tone: "warning" },
} as const

function When({ value, renderedAt, empty }: { value: string | null; renderedAt: string; empty: string }) {
  return value ? <RelativeTime dateTime={value} renderedAt={renderedAt} testId="admin-user-date" /> : <span className="text-muted">{empty}</span>
}

function userColumns(renderedAt: string) {
  return [
    column.display({
      id: "user",
      header: "User",
      cell: ({ row: { original: user } }) => (
        <Link href={`/admin/users/${user.id}`} className="group flex min-w-0 items-center gap-3 rounded-control outline-offset-2">
          <Avatar image={user.image} name={user.name} email={user.email} />
          <span className="min-w-0">
            <span className="block truncate font-medium text-fg group-hover:underline">{user.name ?? user.email ?? "(no name)"}</span>
            <span className="block truncate text-muted">{user.name ? (user.email ?? "(no address)") : user.email ? "" : "(no address)"}</span>
          </span>
        </Link>
      ),
    }),
    column.display({
      id: "roles",
      header: "Role",
      cell: ({ row: { original: user } }) => (
        <span className="flex flex-wrap gap-1">
          {(user.roles.length > 0 ? user.roles : ["user"]).map((role) => (
            <Badge key={role} tone={role === "admin" ? "accent" : "neutral"}>
              {role}
            </Badge>
          ))}
        </span>
      ),
    }),
    column.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: user } }) => <Badge tone={STATUS[user.status].tone}>{STATUS[user.status].text}</Badge>,
    }),
    column.display({
      id: "twoFactor",
      header: "Two-factor",
      cell: ({ row: { original: user } }) =>
        user.twoFactor ? <Badge tone="success">2FA on</Badge> : <span className="text-muted">Off</span>,
    }),
    column.display({
      id: "created",
      header: "Created",
      cell: ({ row: { original: user } }) => <When value={user.createdAt} renderedAt={renderedAt} empty="—" />,
    }),
    column.display({
      id: "last-sign-in",
      header: "Last sign-in",
      cell: ({ row: { original: user } }) => <When value={user.lastSignInAt} renderedAt={renderedAt} empty="Never" />,
    }),
  ]
}

const SORTABLE: Record<string, SortColumn> = { created: "created", "last-sign-in": "last-sign-in" }

/** On a phone each cell says what it is, since the header row is not shown there. */
const PHONE_LABEL: Record<string, string | undefined> = { created: "Created", "last-sign-in": "Last sign-in" }

function SortIcon({ state }: { state: "asc" | "desc" | false }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      {state === "asc" ? <path d="M8 12V4M4.5 7.5 8 4l3.5 3.5" /> : state === "desc" ? <path d="M8 4v8M4.5 8.5 8 12l3.5-3.5" /> : <path d="M5 6.5 8 3.5l3 3M5 9.5l3 3 3-3" />}
    </svg>
  )
}

export function UserTable({ users, filters, renderedAt, sortLinks }: { users: UserRow[]; filters: UserListFilters; renderedAt: string; sortLinks: Record<SortColumn, string> }) {
  const columns = useMemo(() => userColumns(renderedAt), [renderedAt])
  const table = useTable({ features, columns, data: users, getRowId: (row) => row.id })
  const sortedBy = `${filters.sort === "created" ? "created" : "last sign-in"}, ${filters.direction === "desc" ? "newest first" : "oldest first"}`
  return (
    <table className="w-full text-left text-sm max-sm:block" data-testid="admin-users">
      <caption className="sr-only">Users, sorted by {sortedBy}</caption>
      <thead className="border-b border-border text-muted max-sm:hidden">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sortColumn = SORTABLE[header.id]
              const state = sortColumn && filters.sort === sortColumn ? filters.direction : false
              const text = flexRender(header.column.columnDef.header, header.getContext())
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={state === "asc" ? "ascending" : state === "desc" ? "descending" : undefined}
                  className="px-3 py-2.5 font-medium whitespace-nowrap first:pl-5 last:pr-5"
                >
                  {sortColumn ? (
                    <Link
                      href={sortLinks[sortColumn]}
                      className={`-mx-1.5 inline-flex items-center gap-1 rounded-control px-1.5 py-0.5 hover:bg-surface-muted hover:text-fg ${state ? "text-fg" : ""}`}
                      data-testid={`sort-${sortColumn}`}
                    >
                      {text}
                      <SortIcon state={state} />
                    </Link>
                  ) : (
                    text
                  )}
                </th>
              )
            })}
          </tr>
        ))}
      </thead>
      <tbody className="divide-y divide-border max-sm:block">
        {table.getRowModel().rows.map((row) => (
          <tr
            key={row.id}
            data-testid="admin-user-row"
            className="hover:bg-surface-muted/60 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-3"
          >
            {/* On a phone each cell is a flex item: the user's cell may shrink below its text (min-w-0), so a
                long address is cut with an ellipsis instead of widening the page. */}
            {row.getAllCells().map((cell) => {
              const phoneLabel = PHONE_LABEL[cell.column.id]
              return (
                <td
                  key={cell.id}
                  className={`px-3 py-3 align-middle first:pl-5 last:pr-5 max-sm:block max-sm:p-0 max-sm:first:pl-0 max-sm:last:pr-0 ${
                    cell.column.id === "user" ? "max-w-72 max-sm:mb-1 max-sm:max-w-none max-sm:min-w-0 max-sm:basis-full" : ""
                  } ${phoneLabel ? "whitespace-nowrap max-sm:basis-[calc(50%-0.25rem)] max-sm:text-xs max-sm:text-muted" : ""}`}
                >
                  {phoneLabel ? <span className="sm:hidden">{phoneLabel} </span> : null}
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
