/**
 * The context words of ASVS 6.1.2 / 6.2.11 and the reasons of NIST SP
 * 800-63B-4 §3.1.1.2: a password built on the site's name (APP_NAME), the
 * user's name or the parts of their address is refused, through case,
 * separators, simple leetspeak and short affixes, with a message that says
 * which and what to choose instead; a passphrase that merely contains a short
 * word of them is not.
 */
import { describe, expect, it } from "vitest"
import { appName } from "@/server/app-name"
import { checkPassword, passwordProblemMessage, type PasswordProblem } from "@/server/accounts/password-policy"

const JANE = { email: "jane.doe@example.com", name: "Jane Doe", siteName: "Auth Starter" }

describe("context words (ASVS 6.1.2, 6.2.11)", () => {
  it.each([
    // The address, its local part and its pieces, and its domain labels.
    ["jane.doe@example.com", "contains-email"],
    ["JANE.DOE@EXAMPLE.COM", "contains-email"],
    ["janedoe2024!", "contains-email"],
    ["j4n3.d03@3x4mpl3.c0m", "contains-email"],
    ["Example2024!", "contains-email"],
    ["3x@mple-1234", "contains-email"],
    // The display name, whole or a word of it, with affixes.
    ["Doe-Jane-1990", "contains-email"],
    // The site's name, with leetspeak and affixes.
    ["AuthStarter2025", "contains-site-name"],
    ["@uth5tarter!!", "contains-site-name"],
    ["auth starter 123", "contains-site-name"],
    ["starter-1234", "contains-site-name"],
    // Context word plus a common password is still weak.
    ["authpassword", "contains-site-name"],
  ] as [string, PasswordProblem][])("%s → %s", (password, problem) => {
    expect(checkPassword(password, JANE)).toBe(problem)
  })

  it("refuses a password built on the display name when the address has nothing of it", () => {
    const user = { email: "x7@mail.test", name: "Marguerite Okonkwo", siteName: "Auth Starter" }
    expect(checkPassword("Marguerite1985", user)).toBe("contains-name")
    expect(checkPassword("m@rgu3rit3!!", user)).toBe("contains-name")
    expect(checkPassword("okonkwo.family", user)).toBe("contains-name")
  })

  it("reads the site's name from APP_NAME, defaulting to Auth Starter", () => {
    expect(appName({})).toBe("Auth Starter")
    expect(appName({ APP_NAME: "  " })).toBe("Auth Starter")
    expect(appName({ APP_NAME: " Acme   Books " })).toBe("Acme Books")
    const previous = process.env.APP_NAME
    process.env.APP_NAME = "Acme Books"
    try {
      expect(checkPassword("acmebooks2025", { email: "x7@mail.test" })).toBe("contains-site-name")
      expect(passwordProblemMessage("contains-site-name")).toContain("(Acme Books)")
      // The default name is no longer a context word once another is set.
      expect(checkPassword("authstarter2025", { email: "x7@mail.test" })).toBeNull()
    } finally {
      if (previous === undefined) delete process.env.APP_NAME
      else process.env.APP_NAME = previous
    }
    expect(checkPassword("authstarter2025", { email: "x7@mail.test" })).toBe("contains-site-name")
  })

  it("accepts a passphrase in which a context word is one of several unrelated words", () => {
    expect(checkPassword("jane plays violin under copper bridges", JANE)).toBeNull()
    expect(checkPassword("starter motor for a rusty tractor", JANE)).toBeNull()
    expect(checkPassword("purple elephants dance quietly", JANE)).toBeNull()
  })

  it("ignores words too short to mean anything (a two-letter name)", () => {
    expect(checkPassword("lilac-harbour-7", { email: "li@qq.test", name: "Li" })).toBeNull()
  })

  it("still refuses a common password first, and says so", () => {
    expect(checkPassword("password123", JANE)).toBe("too-common")
  })
})

describe("messages: one per reason, with guidance (800-63B-4 §3.1.1.2)", () => {
  const problems: PasswordProblem[] = [
    "too-short",
    "too-long",
    "too-common",
    "contains-email",
    "contains-name",
    "contains-site-name",
    "breached",
    "breach-check-unavailable",
  ]

  it("gives each reason its own message", () => {
    const messages = problems.map((p) => passwordProblemMessage(p, { siteName: "Auth Starter" }))
    expect(new Set(messages).size).toBe(problems.length)
  })

  it("says why and what to choose instead", () => {
    expect(passwordProblemMessage("contains-email")).toBe(
      "This password contains your email address. Choose something that has nothing to do with you or this site, such as three or four unrelated words.",
    )
    expect(passwordProblemMessage("contains-name")).toMatch(/^This password contains your name\. .*unrelated words\.$/)
    expect(passwordProblemMessage("contains-site-name", { siteName: "Auth Starter" })).toMatch(
      /^This password contains the name of this site \(Auth Starter\)\. .*unrelated words\.$/,
    )
    expect(passwordProblemMessage("too-common")).toMatch(/^This password is too common.*unrelated words\.$/)
    expect(passwordProblemMessage("breached")).toMatch(/appeared in a data breach.*never used anywhere else/)
    expect(passwordProblemMessage("too-short")).toMatch(/^Use at least 8 characters\./)
  })
})
