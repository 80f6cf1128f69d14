/**
 * The database strategy's default session token (ASVS 5.0 7.2.3: a reference
 * token of at least 128 bits from a CSPRNG).
 */
import { describe, expect, it } from "vitest"
import { defaultSessionToken } from "@/lib/auth/config/defaults"

describe("defaultSessionToken", () => {
  it("is 256 bits of base64url: 43 characters, nothing a cookie or URL would escape", () => {
    const token = defaultSessionToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, "base64url")).toHaveLength(32)
  })

  it("never repeats across 10,000 draws and uses every base64url symbol (random, not a counter or a clock)", () => {
    const tokens = new Set(Array.from({ length: 10_000 }, defaultSessionToken))
    expect(tokens.size).toBe(10_000)
    const symbols = new Set([...tokens].join(""))
    expect(symbols.size).toBe(64)
  })
})
