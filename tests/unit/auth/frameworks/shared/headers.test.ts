import { describe, expect, it } from "vitest"
import { headersFromNode } from "@/lib/auth/frameworks/shared/headers"

describe("Node.js request headers as standard Headers", () => {
  it("joins a repeated Cookie with '; ' and other repeated headers with ', '", () => {
    const headers = headersFromNode({
      cookie: ["a=1", "b=2"],
      "x-forwarded-for": ["203.0.113.7", "10.0.0.1"],
      host: "localhost:3000",
      absent: undefined,
    })
    expect(headers.get("cookie")).toBe("a=1; b=2")
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7, 10.0.0.1")
    expect(headers.get("host")).toBe("localhost:3000")
    expect(headers.has("absent")).toBe(false)
  })
})
