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
}

function one(params: SearchParams, name: string): string {
  const value = params[name]
  return typeof value === "string" ? value : ""
}

export function userListFilters(params: SearchParams, roleNames: readonly string[]): UserListFilters {
  const banned = one(params, "banned")
  const twoFactor = one(params, "twoFactor")
  const role = one(params, "role")
  return {
    q: one(params, "q").trim().slice(0, 200),
    role: roleNames.includes(role) ? role : "",
    banned: banned === "yes" || banned === "no" ? banned : "",
    twoFactor: twoFactor === "on" || twoFactor === "off" ? twoFactor : "",
    unverified: one(params, "unverified") === "yes",
    sort: one(params, "sort") === "last-sign-in" ? "last-sign-in" : "created",
  }
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
    limit: 25,
    ...(isUserId(cursor) ? { cursor } : {}),
  }
}

/** The list's URL with these filters (and a cursor for the next page). */
export function userListHref(filters: UserListFilters, cursor?: string): string {
  const params = new URLSearchParams()
  if (filters.q) params.set("q", filters.q)
  if (filters.role) params.set("role", filters.role)
  if (filters.banned) params.set("banned", filters.banned)
  if (filters.twoFactor) params.set("twoFactor", filters.twoFactor)
  if (filters.unverified) params.set("unverified", "yes")
  if (filters.sort !== "created") params.set("sort", filters.sort)
  if (cursor) params.set("cursor", cursor)
  const query = params.toString()
  return query ? `/admin?${query}` : "/admin"
}

/** Whether a listed user's ban is in force now (a ban with an end lifts itself). */
export function isSuspended(user: { bannedAt: Date | null; banExpires: Date | null }): boolean {
  return user.bannedAt !== null && (user.banExpires === null || user.banExpires.getTime() > Date.now())
}
