import { describe, expect, it } from "vitest"
import { relativeRedirect } from "@/lib/auth/frameworks/shared/server-calls"

const origin = "http://localhost:3000"

describe("relativeRedirect (redirectTo of server actions)", () => {
  it.each([
    ["/dashboard?tab=1", "/dashboard?tab=1"],
    ["http://localhost:3000/settings#x", "/settings#x"],
    ["https://evil.example/steal", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [undefined, "/"],
  ])("%s → %s", (input, expected) => {
    expect(relativeRedirect(input, origin)).toBe(expected)
  })
})

// Browsers drop tab, CR and LF anywhere in a URL and read "\\" as "/", so "/\t/evil.example"
// is a protocol-relative URL: another host.
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
