/** The admin list's URL: what a hand-edited query turns into, and back. */
import { describe, expect, it } from "vitest"
import { banEnd } from "@/server/admin/ban-duration"
import { isUserId } from "@/server/admin/user-id"
import { pageNumber, sortHref, userListFilters, userListHref, userListQuery } from "@/server/admin/user-list-query"

const ROLES = ["user", "admin"]

describe("userListFilters / userListQuery", () => {
  it("reads every filter the form offers", () => {
    const params = { q: " ada ", role: "admin", banned: "yes", twoFactor: "off", unverified: "yes", sort: "last-sign-in", cursor: "cmabc123" }
    const filters = userListFilters(params, ROLES)
    expect(userListQuery(filters, params)).toEqual({
      search: "ada",
      role: "admin",
      banned: true,
      twoFactor: false,
      unverified: true,
      sort: "last-sign-in",
      direction: "desc",
      limit: 25,
      cursor: "cmabc123",
    })
    expect(userListHref(filters, "cmnext")).toBe("/admin?q=ada&role=admin&banned=yes&twoFactor=off&unverified=yes&sort=last-sign-in&cursor=cmnext")
  })

  it("drops what it does not know instead of failing: the unfiltered list", () => {
    const params = { q: ["a", "b"], role: "overlord", banned: "maybe", twoFactor: "1", unverified: "true", sort: "email", cursor: "../x" }
    const filters = userListFilters(params, ROLES)
    expect(userListQuery(filters, params)).toEqual({ sort: "created", direction: "desc", limit: 25 })
    expect(userListHref(filters)).toBe("/admin")
    expect(pageNumber(params)).toBe(1)
  })

  it("sorts oldest first from the URL, and a header link turns the direction round on the first page", () => {
    const params = { sort: "created-asc", cursor: "cmabc123", page: "3" }
    const filters = userListFilters(params, ROLES)
    expect(userListQuery(filters, params)).toMatchObject({ sort: "created", direction: "asc" })
    expect(pageNumber(params)).toBe(3)
    expect(sortHref(filters, "created")).toBe("/admin")
    expect(sortHref(filters, "last-sign-in")).toBe("/admin?sort=last-sign-in")
    expect(sortHref(userListFilters({}, ROLES), "created")).toBe("/admin?sort=created-asc")
    expect(userListHref(filters, "cmnext", 4)).toBe("/admin?sort=created-asc&cursor=cmnext&page=4")
    expect(userListFilters({ sort: "email-asc" }, ROLES)).toMatchObject({ sort: "created", direction: "desc" })
  })
})

describe("banEnd", () => {
  const now = new Date("2026-11-28T10:00:00Z")
  it("gives the end of each offered duration, null for permanent", () => {
    expect(banEnd("1d", now)?.toISOString()).toBe("2026-11-29T10:00:00.000Z")
    expect(banEnd("30d", now)?.toISOString()).toBe("2026-12-28T10:00:00.000Z")
    expect(banEnd("permanent", now)).toBeNull()
  })
  it("refuses anything else", () => {
    for (const value of ["", "2d", null, 7, "Permanent"]) expect(banEnd(value, now)).toBeUndefined()
  })
})

describe("isUserId", () => {
  it("takes ids as adapters make them and nothing else", () => {
    expect(isUserId("cmx08813n0000fn7dc8q3xsxi")).toBe(true)
    expect(isUserId("0b7c1f8e-7d0a-4f7e-9d1e-2f3a4b5c6d7e")).toBe(true)
    for (const bad of ["", "a/b", "x\u0000", "a".repeat(65), 42, null]) expect(isUserId(bad)).toBe(false)
  })
})
