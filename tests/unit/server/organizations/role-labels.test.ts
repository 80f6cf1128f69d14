/**
 * Organization roles in the words the pages and mails use: the built-in roles named, an app's own
 * role as it is named, and an owner alone offered the owner role.
 */
import { describe, expect, it } from "vitest"
import { assignableRoles, roleLabel, roleName } from "@/server/organizations/role-labels"
import { rolesInWords } from "@/server/organizations/roles-display"

describe("organization roles in words", () => {
  it("names the built-in roles and keeps an app's own role as it is named", () => {
    expect(roleName("owner")).toBe("Owner")
    expect(roleName("admin")).toBe("Admin")
    expect(roleName("billing")).toBe("billing")
  })

  it("lists several roles with commas in a label and with 'and' in a sentence, the same names in both", () => {
    expect(roleLabel(["admin", "billing"])).toBe("Admin, billing")
    expect(rolesInWords(["owner", "admin", "member"])).toBe("Owner, Admin and Member")
    expect(rolesInWords(["admin"])).toBe("Admin")
  })

  it("calls a member without roles a Member", () => {
    expect(roleLabel([])).toBe("Member")
    expect(rolesInWords([])).toBe("Member")
  })

  it("offers the owner role only to an owner", () => {
    expect(assignableRoles(true)).toContain("owner")
    expect(assignableRoles(false)).not.toContain("owner")
  })
})
