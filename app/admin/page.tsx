import type { Metadata } from "next"
import { admin } from "@/auth"
import { defaultAccessControl } from "@/lib/auth"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { ButtonLink } from "@/components/ui"
import { adminRead, guardAdminPage } from "@/server/admin/admin-page"
import {
  isSuspended,
  PAGE_SIZE,
  pageNumber,
  type SearchParams,
  sortHref,
  userListFilters,
  userListHref,
  userListQuery,
} from "@/server/admin/user-list-query"
import { sessionState, unlessUnavailable } from "@/server/session-state"
import { UserFilters } from "./user-filters"
import { type UserRow, UserTable } from "./user-table"

export const metadata: Metadata = { title: "Users" }

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`

/**
 * /admin: every user, searchable by address and name, filtered by role,
 * suspension, two-factor and unverified address, sorted by creation or last
 * sign-in either way, 25 a page with a cursor. The URL is the list: the
 * server renders every state, so it works without JavaScript, and the
 * toolbar and the headers only make the same requests nicer.
 */
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if ((await sessionState()).unavailable) return <ServiceUnavailable />
  await guardAdminPage({ user: ["list"] }, "/admin")
  const params = await searchParams
  const filters = userListFilters(params, defaultAccessControl.roleNames)
  const read = await unlessUnavailable(() => adminRead(() => admin().listUsers(userListQuery(filters, params))))
  if ("unavailable" in read) return <ServiceUnavailable />
  const { users, nextCursor, total } = read.value
  const page = pageNumber(params)
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / PAGE_SIZE))
  const rows: UserRow[] = users.map((user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    roles: user.roles,
    createdAt: user.createdAt?.toISOString() ?? null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    twoFactor: user.twoFactor,
    status: isSuspended(user) ? "suspended" : user.emailVerified ? "active" : "unverified",
  }))
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-display">Users</h1>
        <p className="text-muted">Search, review and act on accounts. Every action asks first and is written to the user&apos;s security activity.</p>
      </div>
      <UserFilters filters={filters} roles={defaultAccessControl.roleNames.filter((r) => r !== "user")} />
      <div className="overflow-hidden rounded-card border border-border bg-surface shadow-card">
        {rows.length === 0 ? (
          <div className="px-5 py-12 text-center" data-testid="admin-users-empty">
            <p className="font-medium">No user matches.</p>
            <p className="mt-1 text-sm text-muted">Try another search, or reset the filters.</p>
          </div>
        ) : (
          <UserTable
            users={rows}
            filters={filters}
            renderedAt={new Date().toISOString()}
            sortLinks={{ created: sortHref(filters, "created"), "last-sign-in": sortHref(filters, "last-sign-in") }}
          />
        )}
      </div>
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="admin-users-count">
          {total === undefined ? `Page ${page}` : `Page ${Math.min(page, pages ?? page)} of ${pages} · ${plural(total, "user", "users")}`}
        </p>
        <div className="flex gap-2">
          {params.cursor ? (
            <ButtonLink kind="secondary" size="sm" href={userListHref(filters)}>
              First page
            </ButtonLink>
          ) : null}
          {nextCursor ? (
            <ButtonLink kind="secondary" size="sm" href={userListHref(filters, nextCursor, page + 1)}>
              Next page
            </ButtonLink>
          ) : null}
        </div>
      </nav>
    </div>
  )
}
