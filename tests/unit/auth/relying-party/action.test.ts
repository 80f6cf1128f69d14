import { describe, expect, it } from "vitest"
import { inferWebAuthnAction } from "@/lib/auth/relying-party/action"

describe("which ceremony /webauthn-options answers", () => {
  // requested, loggedIn, hasUser, exists → expected
  const table = [
    ["authenticate", false, false, false, "authenticate"],
    ["authenticate", true, true, true, "authenticate"],
    ["register", true, true, true, "register"],
    ["register", false, true, false, "register"],
    ["register", false, true, true, null],
    ["register", false, false, false, null],
    [undefined, false, false, false, "authenticate"],
    [undefined, false, true, true, "authenticate"],
    [undefined, false, true, false, "register"],
    [undefined, true, true, true, null],
  ] as const
  for (const [requested, loggedIn, hasUser, exists, expected] of table) {
    it(`action=${requested ?? "(none)"} loggedIn=${loggedIn} user=${hasUser} exists=${exists} → ${expected}`, () => {
      expect(inferWebAuthnAction({ requested, loggedIn, hasUser, exists })).toBe(expected)
    })
  }
})
