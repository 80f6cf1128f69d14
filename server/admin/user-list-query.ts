/**
 * The admin's user list as a URL: /admin?q=…&role=…&banned=yes&sort=last-sign-in&cursor=…
 * The page is a plain GET form, so a list can be bookmarked and shared among
 * admins. Unknown or malformed values are dropped (the unfiltered list), never
 * an error: a hand-edited URL gets a page, not a 500.
 */
import type { UserListQuery } from "@/lib/auth"
import { isUserId } from "./user-id"

export type SearchParams = Record<string, string | string[] | undefined>

/** The filters the form offers, as the URL spells them. */
export interface UserListFilters {
  q: string
  role: string
  banned: "" | "yes" | "no"
  twoFactor: "" | "on" | "off"
  unverified: boolean
  sort: "created" | "last-sign-in"
  /** Newest first unless the URL asks for oldest first (`sort=created-asc`). */
  direction: "desc" | "asc"
}

export type SortColumn = UserListFilters["sort"]

/** The sort as the URL spells it: the column, "-asc" for oldest first. */
export function sortParam(sort: SortColumn, direction: UserListFilters["direction"]): string {
  return direction === "asc" ? `${sort}-asc` : sort
}

function one(params: SearchParams, name: string): string {
  const value = params[name]
  return typeof value === "string" ? value : ""
}

export function userListFilters(params: SearchParams, roleNames: readonly string[]): UserListFilters {
  const banned = one(params, "banned")
  const twoFactor = one(params, "twoFactor")
  const role = one(params, "role")
  const sort = one(params, "sort")
  const ascending = sort.endsWith("-asc")
  const column = ascending ? sort.slice(0, -"-asc".length) : sort
  return {
    q: one(params, "q").trim().slice(0, 200),
    role: roleNames.includes(role) ? role : "",
    banned: banned === "yes" || banned === "no" ? banned : "",
    twoFactor: twoFactor === "on" || twoFactor === "off" ? twoFactor : "",
    unverified: one(params, "unverified") === "yes",
    sort: column === "last-sign-in" ? "last-sign-in" : "created",
    direction: ascending && (column === "last-sign-in" || column === "created") ? "asc" : "desc",
  }
}

export const PAGE_SIZE = 25

/** The page number the URL carries beside a cursor (the cursor alone cannot know it); 1 without one. */
export function pageNumber(params: SearchParams): number {
  if (!isUserId(one(params, "cursor"))) return 1
  const page = Number(one(params, "page"))
  return Number.isInteger(page) && page >= 2 && page <= 100_000 ? page : 2
}

/** The library's query for these filters and the page's cursor (a user id). */
export function userListQuery(filters: UserListFilters, params: SearchParams): UserListQuery {
  const cursor = one(params, "cursor")
  return {
    ...(filters.q ? { search: filters.q } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.banned ? { banned: filters.banned === "yes" } : {}),
    ...(filters.twoFactor ? { twoFactor: filters.twoFactor === "on" } : {}),
    ...(filters.unverified ? { unverified: true } : {}),
    sort: filters.sort,
    direction: filters.direction,
    limit: PAGE_SIZE,
    ...(isUserId(cursor) ? { cursor } : {}),
  }
}

/** The list's URL with these filters (and a cursor and its page number for a later page). */
export function userListHref(filters: UserListFilters, cursor?: string, page?: number): string {
  const params = new URLSearchParams()
  if (filters.q) params.set("q", filters.q)
  if (filters.role) params.set("role", filters.role)
  if (filters.banned) params.set("banned", filters.banned)
  if (filters.twoFactor) params.set("twoFactor", filters.twoFactor)
  if (filters.unverified) params.set("unverified", "yes")
  if (filters.sort !== "created" || filters.direction !== "desc") params.set("sort", sortParam(filters.sort, filters.direction))
  if (cursor) params.set("cursor", cursor)
  if (cursor && page) params.set("page", String(page))
  const query = params.toString()
  return query ? `/admin?${query}` : "/admin"
}

/**
 * Where a column header leads: that column newest first, or, when the list
 * is already sorted by it, the other direction. Always the first page.
 */
export function sortHref(filters: UserListFilters, column: SortColumn): string {
  const direction = filters.sort === column && filters.direction === "desc" ? "asc" : "desc"
  return userListHref({ ...filters, sort: column, direction })
}

/** How many filters narrow the list (the search aside): the phone's "Filters" button shows it. */
export function activeFilterCount(filters: UserListFilters): number {
  return [filters.role, filters.banned, filters.twoFactor, filters.unverified].filter(Boolean).length
}

/** Whether a listed user's ban is in force now (a ban with an end lifts itself). */
export function isSuspended(user: { bannedAt: Date | null; banExpires: Date | null }): boolean {
  return user.bannedAt !== null && (user.banExpires === null || user.banExpires.getTime() > Date.now())
}
