import { describe, expect, it } from "vitest"
import { sha256Hex } from "@/lib/auth/hash"
import {
  RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
} from "@/lib/auth/two-factor/recovery-codes"

const USER = "user-1"

describe("recovery codes", () => {
  it("a set is ten distinct readable codes, each with its hash", async () => {
    const { codes, hashes } = await newRecoveryCodes(USER)
    expect(RECOVERY_CODE_COUNT).toBe(10)
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(?:-[0-9a-hjkmnp-tv-z]{4}){5}$/)
    expect(hashes).toEqual(await Promise.all(codes.map((code) => hashRecoveryCode(code, USER))))
  })

  it("each code carries at least 112 bits: 24 symbols of a 32-letter alphabet, all of it used", async () => {
    const seen = new Set<string>()
    const perPosition = Array.from({ length: 24 }, () => new Set<string>())
    for (let i = 0; i < 100; i++) {
      for (const code of (await newRecoveryCodes(USER)).codes) {
        seen.add(code)
        const symbols = [...code.replaceAll("-", "")]
        expect(symbols).toHaveLength(24)
        symbols.forEach((c, p) => perPosition[p]!.add(c))
      }
    }
    expect(seen.size).toBe(1000)
    const alphabet = new Set(perPosition.flatMap((s) => [...s]))
    expect(alphabet.size).toBe(32)
    expect(24 * Math.log2(alphabet.size)).toBeGreaterThanOrEqual(112)
    // No position is stuck: 1000 draws from 32 symbols show (nearly) all of them at every position.
    for (const symbols of perPosition) expect(symbols.size).toBeGreaterThanOrEqual(28)
  })

  it("a code from a set made before codes grew to 24 characters still works, as it was stored", async () => {
    // A 12-character code and the hash stored for it then: the same SHA-256 of the user and the code.
    const earlier = "k7m2-9xq4-hf3t"
    const stored = await sha256Hex(`recovery-code:${USER.length}:${USER}:k7m29xq4hf3t`)
    expect(await hashRecoveryCode(earlier, USER)).toBe(stored)
    expect(await hashRecoveryCode("K7M2 9XQ4 HF3T", USER)).toBe(stored)
    // Lengths in between are nobody's code.
    for (const between of ["k7m2-9xq4-hf3t-w", "k7m2-9xq4-hf3t-w8ra-2c6n-pq5", "k7m2-9xq4-hf3t-w8ra-2c6n-pq5d-x"]) {
      expect(await hashRecoveryCode(between, USER), between).toBeNull()
    }
  })

  it("stores only hashes: SHA-256 (hex) bound to the user, never the code", async () => {
    const { codes, hashes } = await newRecoveryCodes(USER)
    for (const [i, hash] of hashes.entries()) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
      expect(hash).not.toContain(codes[i]!.replaceAll("-", ""))
      expect(hash).not.toBe(await sha256Hex(codes[i]!))
    }
    // The same code hashes differently for another user.
    expect(await hashRecoveryCode(codes[0]!, "user-2")).not.toBe(hashes[0])
  })

  it("normalises what the user types: case, spaces, dashes, lookalike letters", async () => {
    const { codes, hashes } = await newRecoveryCodes(USER)
    const code = codes[0]!
    const compact = code.replaceAll("-", "")
    const variants = [
      code,
      code.toUpperCase(),
      compact,
      ` ${compact.slice(0, 6)} ${compact.slice(6, 15)} ${compact.slice(15)} `,
      code.replaceAll("-", " - "),
      code.replaceAll("-", "\u2013"), // en dash, as some editors turn "-" into
      code.replaceAll("-", "\u2212"), // minus sign
      code.toUpperCase().replace(/[0-9a-z]/gi, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)), // full-width
    ]
    for (const typed of variants) expect(await hashRecoveryCode(typed, USER), typed).toBe(hashes[0])
    expect(normaliseRecoveryCode("O1IL-abcd-efgh-jkmn-pqrs-tvwx")).toBe("0111abcdefghjkmnpqrstvwx")
  })

  it("refuses input that cannot be a code, before any hashing", async () => {
    for (const bad of [
      "",
      "abcd-efgh",
      "abcd-efgh-jkmn-p",
      "abcd-efgh-jku0",
      "abcd_efgh_jkmn",
      "abcd-efgh-jkm!",
      "👍👍👍👍-efgh-jkmn",
      "abcd-efgh-jkmn-pqrs-tvwx-yzu0",
      "abcd-efgh-jkmn-pqrs-tvwx-yz0!",
    ]) {
      expect(normaliseRecoveryCode(bad), bad).toBeNull()
      expect(await hashRecoveryCode(bad, USER)).toBeNull()
    }
  })
})
