/**
 * relativeRedirect (exported by lib/auth/next) must only return paths a
 * browser reads as this origin. Browsers drop tab, CR and LF anywhere in a URL
 * and read "\" as "/", so "/\t/evil.example" or "/x\n/../\\evil" become
 * "//evil.example"-style protocol-relative URLs: another host.
 */
import { describe, expect, it } from "vitest"
import { relativeRedirect } from "@/lib/auth/next"

const origin = "http://localhost:3000"

describe("relativeRedirect refuses what browsers read as another host", () => {
  it.each(["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\u0000/evil.example", "/a\\..\\\\evil.example"])(
    "%j → /",
    (input) => {
      expect(relativeRedirect(input, origin)).toBe("/")
    },
  )

  it.each(["http://localhost:3000//evil.example", "http://localhost:3000/\t/evil.example", "http://localhost:3000/\\evil.example"])(
    "a same-origin URL whose path starts with // (%j) → /",
    (input) => {
      // Reduced to its path this would be "//evil.example": another host.
      expect(relativeRedirect(input, origin)).toBe("/")
    },
  )

  it("ordinary paths still pass", () => {
    expect(relativeRedirect("/dashboard?tab=1#top", origin)).toBe("/dashboard?tab=1#top")
  })
})
