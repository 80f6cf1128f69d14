/** The organization activity log in words: people by name, roles in words, invitations by address, a deleted user as such. */
import { describe, expect, it } from "vitest"
import type { OrganizationActivityEntry } from "@/lib/auth"
import { activityLines, peopleNamed } from "@/server/organizations/activity-lines"
import { rolesInWords } from "@/server/organizations/roles-display"

const at = new Date("2026-11-28T10:00:00Z")
const entry = (type: OrganizationActivityEntry["type"], actorId: string | null, subject: string | null, detail: string | null = null): OrganizationActivityEntry => ({
  id: `${type}-${actorId}-${subject}`,
  organizationId: "org1",
  type,
  actorId,
  subject,
  detail,
  createdAt: at,
})

describe("activityLines", () => {
  const names = new Map([
    ["u1", "Ada"],
    ["u2", "Grace"],
  ])

  it("names people, says roles in words and keeps the invited address", () => {
    const entries = [
      entry("organization-created", "u1", null, "acme"),
      entry("member-invited", "u1", "new@example.com", "admin"),
      entry("member-joined", "u2", "u2", "member"),
      entry("member-role-changed", "u1", "u2", "admin,member"),
      entry("ownership-transferred", "u1", "u2"),
      entry("member-removed", "u2", "u1"),
      entry("member-left", "u3", "u3"),
      entry("invitation-cancelled", "u1", "inv1"),
    ]
    expect(activityLines(entries, names).map((line) => line.text)).toEqual([
      "Ada created the organization.",
      "Ada invited new@example.com as Admin.",
      "Grace joined as Member.",
      "Ada changed Grace's role to Admin and Member.",
      "Ada transferred ownership to Grace.",
      "Grace removed Ada.",
      "A former user left the organization.",
      "Ada cancelled an invitation.",
    ])
  })

  it("says which invitation stopped working with its inviter's authority, and why, by address", () => {
    const entries = [
      entry("invitation-voided", "u1", "new@example.com", "inviter-removed"),
      entry("invitation-voided", null, "two@example.com", "inviter-banned"),
      entry("invitation-voided", "u2", "three@example.com", "something-new"),
    ]
    expect(activityLines(entries, names).map((line) => line.text)).toEqual([
      "The invitation to new@example.com no longer works: the member who sent it was removed.",
      "The invitation to two@example.com no longer works: the member who sent it was suspended.",
      "The invitation to three@example.com no longer works: the member who sent it lost the right to invite.",
    ])
    expect(peopleNamed(entries).sort()).toEqual(["u1", "u2"])
  })

  it("looks up actors and member subjects, never an address or an invitation id", () => {
    const entries = [entry("member-invited", "u1", "new@example.com"), entry("invitation-cancelled", "u2", "inv1"), entry("member-removed", "u1", "u3")]
    expect(peopleNamed(entries).sort()).toEqual(["u1", "u2", "u3"])
  })
})

describe("rolesInWords", () => {
  it("built-in roles by name, custom ones as they are, none as Member", () => {
    expect(rolesInWords(["owner"])).toBe("Owner")
    expect(rolesInWords(["admin", "billing", "member"])).toBe("Admin, billing and Member")
    expect(rolesInWords([])).toBe("Member")
  })
})
