/**
 * The organization roles' definition and the slug rules: plain functions.
 */
import { describe, expect, it } from "vitest"
import { defaultOrganizationAccess, defineOrganizationAccess, organizationResources } from "@/lib/auth/organizations/roles"
import { isValidSlug, organizationName, slugFromName } from "@/lib/auth/organizations/slug"

describe("organization roles", () => {
  it("owner and admin hold every built-in action, member none", () => {
    const all = { organization: ["update", "delete"], member: ["invite", "update-role", "remove"], invitation: ["cancel"], team: ["create", "update", "delete"] } as const
    expect(defaultOrganizationAccess.rolesGrant(["owner"], all)).toBe(true)
    expect(defaultOrganizationAccess.rolesGrant(["admin"], all)).toBe(true)
    for (const [resource, actions] of Object.entries(all)) {
      for (const action of actions) expect(defaultOrganizationAccess.rolesGrant(["member"], { [resource]: [action] }), `${resource}:${action}`).toBe(false)
    }
    expect(defaultOrganizationAccess.isRole("member")).toBe(true)
    expect(defaultOrganizationAccess.isRole("billing")).toBe(false)
  })

  it("custom roles and resources go through the same definition; owner cannot be redefined", () => {
    const access = defineOrganizationAccess({
      resources: { ...organizationResources, project: ["create", "archive"] },
      roles: { billing: { organization: ["update"] }, editor: { project: ["create"] } },
    })
    expect(access.rolesGrant(["billing"], { organization: ["update"] })).toBe(true)
    expect(access.rolesGrant(["billing"], { organization: ["delete"] })).toBe(false)
    expect(access.rolesGrant(["editor"], { project: ["create"] })).toBe(true)
    expect(access.rolesGrant(["editor"], { project: ["archive"] })).toBe(false)
    expect(access.rolesGrant(["owner"], { project: ["create", "archive"] })).toBe(true)
    expect(() => defineOrganizationAccess({ resources: organizationResources, roles: { owner: {} } })).toThrow(TypeError)
    expect(() => defineOrganizationAccess({ resources: organizationResources, roles: { bad: { member: ["fly" as "invite"] } } })).toThrow(TypeError)
  })
})

describe("organization slugs and names", () => {
  it("accepts lower-case words joined by single hyphens, 2-48 characters, not reserved", () => {
    for (const good of ["ab", "acme", "acme-gmbh", "a1-b2-c3", "x".repeat(48)]) expect(isValidSlug(good), good).toBe(true)
    for (const bad of ["a", "Acme", "-a", "a-", "a--b", "a_b", "a.b", "x".repeat(49), "new", "settings", "invite", "", 42, null, "ä", "a b"]) {
      expect(isValidSlug(bad), String(bad)).toBe(false)
    }
  })

  it("suggests a slug from a name and cleans names", () => {
    expect(slugFromName("Acme GmbH & Co.")).toBe("acme-gmbh-co")
    expect(slugFromName("Café Zürich")).toBe("cafe-zurich")
    expect(organizationName("  Acme   Inc ")).toBe("Acme Inc")
    expect(organizationName("   ")).toBeNull()
    expect(organizationName("a\u0000b")).toBeNull()
    expect(organizationName("x".repeat(101))).toBeNull()
    expect(organizationName(7)).toBeNull()
  })
})
