import type { Metadata } from "next"
import { admin } from "@/auth"
import { defaultAccessControl } from "@/lib/auth"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { Alert, ButtonLink, Card, TextLink } from "@/components/ui"
import { adminRead, guardAdminPage } from "@/server/admin/admin-page"
import { isSuspended, type SearchParams, userListFilters, userListHref, userListQuery } from "@/server/admin/user-list-query"
import { sessionState, unlessUnavailable } from "@/server/session-state"
import { exactTime } from "@/server/display/time"
import { UserFilters } from "./user-filters"

export const metadata: Metadata = { title: "Users" }

function date(value: Date | null): string {
  return value ? exactTime(value).slice(0, 10) : "—"
}

/**
 * /admin: every user, searchable by address and name, filtered by
 * role, suspension, two-factor and unverified address, sorted by creation or
 * last sign-in, 25 a page with a cursor. The filters are a GET form, so the
 * URL is the list.
 */
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if ((await sessionState()).unavailable) return <ServiceUnavailable />
  await guardAdminPage({ user: ["list"] }, "/admin")
  const params = await searchParams
  const filters = userListFilters(params, defaultAccessControl.roleNames)
  const read = await unlessUnavailable(() => adminRead(() => admin().listUsers(userListQuery(filters, params))))
  if ("unavailable" in read) return <ServiceUnavailable />
  const { users, nextCursor } = read.value
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-display">Users</h1>
        <p className="text-muted">Search, review and act on accounts. Every action asks first and is written to the user&apos;s security activity.</p>
      </div>
      {params.deleted === "1" ? <Alert tone="success">The user was deleted.</Alert> : null}
      <UserFilters filters={filters} roles={defaultAccessControl.roleNames.filter((r) => r !== "user")} />
      <Card>
        {users.length === 0 ? (
          <p className="text-sm text-muted" data-testid="admin-users-empty">
            No user matches.
          </p>
        ) : (
          <div className="-mx-5 overflow-x-auto sm:-mx-6">
            <table className="w-full min-w-[48rem] text-left text-sm" data-testid="admin-users">
              <caption className="sr-only">Users, {filters.sort === "last-sign-in" ? "by last sign-in" : "newest first"}</caption>
              <thead className="border-b border-border text-muted">
                <tr>
                  {["Email", "Name", "Roles", "Created", "Last sign-in", "Two-factor", "Status"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium first:pl-5 sm:first:pl-6">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.map((user) => {
                  const banned = isSuspended(user)
                  return (
                    <tr key={user.id} data-testid="admin-user-row">
                      <td className="px-3 py-2 pl-5 sm:pl-6">
                        <TextLink href={`/admin/users/${user.id}`}>{user.email ?? "(no address)"}</TextLink>
                      </td>
                      <td className="px-3 py-2">{user.name ?? "—"}</td>
                      <td className="px-3 py-2">{user.roles.length > 0 ? user.roles.join(", ") : "user"}</td>
                      <td className="px-3 py-2 whitespace-nowrap" data-testid="admin-user-date">{date(user.createdAt)}</td>
                      <td className="px-3 py-2 whitespace-nowrap" data-testid="admin-user-date">{date(user.lastSignInAt)}</td>
                      <td className="px-3 py-2">{user.twoFactor ? "On" : "Off"}</td>
                      <td className="px-3 py-2">{banned ? "Suspended" : user.emailVerified ? "Active" : "Unverified"}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <nav aria-label="Pages" className="flex justify-between gap-3">
        {params.cursor ? <TextLink href={userListHref(filters)}>First page</TextLink> : <span />}
        {nextCursor ? (
          <ButtonLink kind="secondary" href={userListHref(filters, nextCursor)}>
            Next page
          </ButtonLink>
        ) : null}
      </nav>
    </div>
  )
}
