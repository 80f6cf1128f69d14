/** The dashboard's security list: the true state of each protection, and the one step that changes it. */
import { describe, expect, it } from "vitest"
import { securityChecklist } from "@/server/display/security-checklist"

describe("securityChecklist", () => {
  it("a new account: verify the address, turn on two-factor, add a passkey, each linking to its Settings section", () => {
    const items = securityChecklist({ email: "ada@example.com", emailVerified: false, twoFactorEnabled: false, passkeys: 0 })
    expect(items.map((i) => [i.title, i.status, i.done, i.action.label, i.action.href])).toEqual([
      ["Email address", "Not verified yet", false, "Verify email", "/settings#email"],
      ["Two-factor authentication", "Off", false, "Turn on two-factor", "/settings#two-factor"],
      ["Passkeys", "None yet", false, "Add a passkey", "/settings#passkeys"],
    ])
  })

  it("a protected account says so, with ways to manage each", () => {
    const items = securityChecklist({ email: "ada@example.com", emailVerified: true, twoFactorEnabled: true, passkeys: 2 })
    expect(items.map((i) => [i.status, i.done, i.action.label])).toEqual([
      ["Verified", true, "Manage email"],
      ["On", true, "Manage two-factor"],
      ["2 passkeys", true, "Manage passkeys"],
    ])
    expect(securityChecklist({ email: null, emailVerified: false, twoFactorEnabled: false, passkeys: 1 }).at(-1)?.status).toBe("1 passkey")
  })

  it("never claims an address is unverified when the account has none", () => {
    const items = securityChecklist({ email: null, emailVerified: false, twoFactorEnabled: false, passkeys: 1 })
    expect(items.map((i) => i.id)).toEqual(["two-factor", "passkeys"])
  })
})
