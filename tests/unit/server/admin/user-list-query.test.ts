/** The admin list's URL: what a hand-edited query turns into, and back. */
import { describe, expect, it } from "vitest"
import { banEnd } from "@/server/admin/ban-duration"
import { isUserId } from "@/server/admin/user-id"
import { userListFilters, userListHref, userListQuery } from "@/server/admin/user-list-query"

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
      limit: 25,
      cursor: "cmabc123",
    })
    expect(userListHref(filters, "cmnext")).toBe("/admin?q=ada&role=admin&banned=yes&twoFactor=off&unverified=yes&sort=last-sign-in&cursor=cmnext")
  })

  it("drops what it does not know instead of failing: the unfiltered list", () => {
    const params = { q: ["a", "b"], role: "overlord", banned: "maybe", twoFactor: "1", unverified: "true", sort: "email", cursor: "../x" }
    const filters = userListFilters(params, ROLES)
    expect(userListQuery(filters, params)).toEqual({ sort: "created", limit: 25 })
    expect(userListHref(filters)).toBe("/admin")
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
