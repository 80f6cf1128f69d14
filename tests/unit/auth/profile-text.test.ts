import { describe, expect, it } from "vitest"
import { normalizeEmail } from "@/server/accounts/email"
import { normalizeName } from "@/server/accounts/users"
import { cleanDisplayName, normalizeDisplayName } from "@/lib/auth/profile-text"

describe("one display-name rule for every write path", () => {
  it("is the rule sign-up and settings use", () => {
    expect(normalizeName).toBe(normalizeDisplayName)
  })

  it.each([
    ["x\ud800y", "lone surrogate"],
    ["\udc00", "lone low surrogate"],
    ["evil\u202Etxt", "bidi override"],
    ["Ad\u200Bmin", "zero-width space"],
    ["Ad\u200Dmin", "zero-width joiner"],
    ["a\uFEFFb", "byte-order mark"],
    ["two\u2028lines", "line separator"],
    ["para\u2029graph", "paragraph separator"],
    ["bell\u0085", "C1 control"],
    ["nul\u0000", "C0 control"],
    ["private\uE000use", "private use"],
    ["x".repeat(81), "81 characters"],
    ["", "empty"],
  ])("refuses %j (%s)", (input) => {
    expect(normalizeDisplayName(input)).toBeNull()
  })

  it("normalises (NFKC), collapses whitespace and counts code points", () => {
    expect(normalizeDisplayName("  Ｊａｎｅ \t Doe\n")).toBe("Jane Doe")
    expect(normalizeDisplayName("😀".repeat(80))).toBe("😀".repeat(80))
    expect(normalizeDisplayName("Zoë Ñandú")).toBe("Zoë Ñandú")
  })
})

describe("a name nobody typed into our forms (a provider's, Apple's user field, a passkey sign-up's) is cleaned, not refused", () => {
  it.each([
    ["evil\u202Etxt", "eviltxt"],
    ["Ad\u200Bmin", "Admin"],
    ["Ad\u200D\u200Dmin", "Admin"],
    ["a\uFEFFb", "ab"],
    ["two\u2028lines\u2029here", "two lines here"],
    ["bell\u0007", "bell"],
    ["next\u0085line", "next line"],
    ["nul\u0000x", "nulx"],
    ["private\uE000use", "privateuse"],
    ["x\ud800y", "xy"],
    ["  Ｊａｎｅ \t Doe\r\n", "Jane Doe"],
    ["Zoë Ñandú", "Zoë Ñandú"],
  ])("%j becomes %j", (input, clean) => {
    expect(cleanDisplayName(input)).toBe(clean)
    // What comes out passes the rule every other write path applies.
    expect(normalizeDisplayName(clean)).toBe(clean)
  })

  it("cuts a 10 kB name to 80 characters (code points), and leaves none when nothing visible is left", () => {
    expect(cleanDisplayName(`\u202E${"😀".repeat(10_000)}`)).toBe("😀".repeat(80))
    expect(cleanDisplayName(`${"a ".repeat(40)}b`)).toBe(`${"a ".repeat(39)}a`)
    for (const empty of ["", "   ", "\u200B\u202E\u0000", 42, null, undefined]) expect(cleanDisplayName(empty)).toBeNull()
  })
})

describe("emails refuse invisible characters (lookalike accounts)", () => {
  it.each(["jane\u200B@example.com", "jane@exa\u200Dmple.com", "jane\u202E@example.com", "ja\ud800ne@example.com", "jane\u0085@example.com"])(
    "refuses %j",
    (input) => {
      expect(normalizeEmail(input)).toBeNull()
    },
  )

  it("still accepts an ordinary address", () => {
    expect(normalizeEmail(" Jane@Example.com ")).toBe("jane@example.com")
  })
})
