import { describe, expect, it } from "vitest"
import { InvalidEmailAddress, normalizeEmailAddress } from "@/lib/auth/email/normalize"

describe("normalizeEmailAddress", () => {
  it.each([
    ["  User@Example.COM ", "user@example.com"],
    ["user+tag@sub.example.com", "user+tag@sub.example.com"],
    ["user@bücher.de", "user@xn--bcher-kva.de"],
    ["user@BÜCHER.DE", "user@xn--bcher-kva.de"],
    ["o'brien@example.ie", "o'brien@example.ie"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeEmailAddress(input)).toBe(expected)
  })

  it.each([
    ["missing", undefined],
    ["missing", ""],
    ["control-character", "a@example.com\r\nBcc: b@example.com"],
    ["control-character", "a@example.com\u0085"],
    ["quote", '"a b"@example.com'],
    ["list", "a@example.com,b@example.com"],
    ["list", "a@example.com,evil.com"],
    ["at-count", "a@b@example.com"],
    ["compatibility-form", "a\uFF20example.com"],
    ["compatibility-form", "a\uFE6Bexample.com"],
    ["compatibility-form", "ｕｓｅｒ@example.com"],
    ["compatibility-form", "user@ｅxample.com"],
    ["compatibility-form", "\uFB01le@example.com"],
    ["format-character", "vic\u200Btim@example.com"],
    ["format-character", "victim@exa\u00ADmple.com"],
    ["format-character", "\u202Emoc.elpmaxe@mitciv"],
    ["local-part", "victim@example.com>"],
    ["local-part", "<a@example.com>"],
    ["local-part", ".a@example.com"],
    ["local-part", "a..b@example.com"],
    ["local-part", `${"a".repeat(65)}@example.com`],
    ["domain", "a@localhost"],
    ["domain", "a@10.0.0.1"],
    ["domain", "a@-example.com"],
    ["domain", "a@example.com/path"],
    ["too-long", `a@${`${"b".repeat(60)}.`.repeat(5)}com`],
    ["too-long", "a".repeat(2000)],
  ])("refuses (%s) %j", (problem, input) => {
    let caught: unknown
    try {
      normalizeEmailAddress(input)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InvalidEmailAddress)
    expect((caught as InvalidEmailAddress).problem).toBe(problem)
  })
})
