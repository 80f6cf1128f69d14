/**
 * The access-control definition: what each built-in role grants, an app's own roles,
 * the refusals of a definition that cannot mean what it says, route rules, the roles a user
 * holds (AUTH_ADMIN_EMAILS only for a verified address) and a ban that lifts itself.
 */
import { describe, expect, it } from "vitest"
import { builtInResources, defaultAccessControl, defineAccessControl, hasPermission, routeRules } from "@/lib/auth"
import { activeBan, effectiveRoles, parseAdminEmails, parseStoredRoles, storedRoles } from "@/lib/auth/access/user-access"
import { signInErrorMessage } from "@/lib/auth/pages/signin"

const as = (...roles: string[]) => ({ user: { roles } })

describe("defineAccessControl", () => {
  it("admin holds every built-in action; user holds none; signed out holds nothing, not even an empty request", () => {
    expect(hasPermission(as("user", "admin"), { user: [...builtInResources.user], session: ["list", "revoke"] })).toBe(true)
    expect(hasPermission(as("user"), { user: ["list"] })).toBe(false)
    expect(hasPermission(as("user"), {})).toBe(true)
    expect(hasPermission(null, {})).toBe(false)
    expect(hasPermission({ user: { roles: "admin" } }, { user: ["list"] })).toBe(false)
  })

  it("an app's roles grant what they say, across resources; admin also holds the app's own actions", () => {
    const access = defineAccessControl({
      resources: { ...builtInResources, project: ["create", "delete"] },
      roles: { support: { user: ["list", "get"] }, editor: { project: ["create"] } },
    })
    expect(access.hasPermission(as("user", "support"), { user: ["list"] })).toBe(true)
    expect(access.hasPermission(as("user", "support"), { user: ["list", "ban"] })).toBe(false)
    expect(access.hasPermission(as("user", "support", "editor"), { user: ["get"], project: ["create"] })).toBe(true)
    expect(access.hasPermission(as("admin"), { project: ["delete"] })).toBe(true)
    expect(access.roleNames).toEqual(["user", "support", "editor", "admin"])
    expect(access.hasRole(as("editor"), "editor")).toBe(true)
  })

  it("refuses a definition that redefines admin, names an undeclared action or resource, or a bad role name", () => {
    expect(() => defineAccessControl({ resources: builtInResources, roles: { admin: {} } as never })).toThrow(/built in/)
    expect(() => defineAccessControl({ resources: builtInResources, roles: { x: { user: ["fly"] } } as never })).toThrow(/does not declare/)
    expect(() => defineAccessControl({ resources: builtInResources, roles: { x: { planet: ["orbit"] } } as never })).toThrow(/not a resource/)
    expect(() => defineAccessControl({ resources: builtInResources, roles: { "Bad Name": {} } })).toThrow(/Role names/)
  })

  it("route rules: the first matching group decides; paths outside every group have no rule", () => {
    const rule = routeRules(defaultAccessControl, [
      { path: "/admin", permission: { user: ["list"] } },
      { path: "/staff/", role: "staff" },
    ])
    expect(rule(as("user", "admin"), "/admin/users/1")).toBe("allowed")
    expect(rule(as("user"), "/admin")).toBe("forbidden")
    expect(rule(null, "/admin")).toBe("signed-out")
    expect(rule(as("user"), "/administrator")).toBe("no-rule")
    expect(rule(as("user", "staff"), "/staff/x")).toBe("allowed")
  })
})

describe("a user's roles and ban", () => {
  const admins = parseAdminEmails(" Boss@Example.com , not-an-address, ")
  it("AUTH_ADMIN_EMAILS counts only for a verified address, case-insensitively", () => {
    expect([...admins]).toEqual(["boss@example.com"])
    expect(effectiveRoles({ roles: [], email: "boss@example.com", emailVerified: null }, admins)).toEqual(["user"])
    expect(effectiveRoles({ roles: [], email: "BOSS@example.com", emailVerified: new Date() }, admins)).toEqual(["user", "admin"])
    expect(effectiveRoles({ roles: ["support"], email: null, emailVerified: null }, admins)).toEqual(["user", "support"])
  })

  it("stored roles round-trip; malformed names are dropped on read and refused on write", () => {
    expect(parseStoredRoles("admin, support,,Bad Name")).toEqual(["admin", "support"])
    expect(storedRoles(["user", "support", "admin", "admin"])).toBe("admin,support")
    expect(storedRoles(["user"])).toBeNull()
    expect(() => storedRoles(["a,b"])).toThrow()
  })

  it("a ban is in force until its end, and forever without one", () => {
    const now = Date.now()
    expect(activeBan({ bannedAt: null, banExpires: null }, now)).toBeNull()
    expect(activeBan({ bannedAt: new Date(now - 1), banExpires: null }, now)).toEqual({ until: null })
    expect(activeBan({ bannedAt: new Date(now - 1), banExpires: new Date(now + 1000) }, now)?.until?.getTime()).toBe(now + 1000)
    expect(activeBan({ bannedAt: new Date(now - 1), banExpires: new Date(now) }, now)).toBeNull()
  })

  it("the sign-in page says suspended, with a date only when the query holds one", () => {
    expect(signInErrorMessage("AccountSuspended", "account_suspended", "2027-01-02T03:04:05.000Z")).toBe("This account is suspended until 2027-01-02 03:04 UTC.")
    expect(signInErrorMessage("AccountSuspended", "account_suspended", "<script>")).toMatch(/^This account is suspended\. /)
    expect(signInErrorMessage("AccountSuspended")).toMatch(/^This account is suspended\. /)
  })
})
