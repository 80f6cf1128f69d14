import { afterEach, describe, expect, it, vi } from "vitest"
import { normalizeEmail } from "@/server/accounts/email"
import { hashPassword, verifyPassword } from "@/server/accounts/password"
import { checkPassword } from "@/server/accounts/password-policy"

describe("hashPassword / verifyPassword", () => {
  // The suites run with PASSWORD_HASH_COST=test (vitest.config.ts); these two tests prove what a deployment gets.
  afterEach(() => vi.unstubAllEnvs())

  it("stores an scrypt hash with the production parameters (N=2^15, r=8, p=1) and a random salt", async () => {
    vi.stubEnv("PASSWORD_HASH_COST", "")
    const a = await hashPassword("correct horse battery staple")
    const b = await hashPassword("correct horse battery staple")
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain("correct horse")
  })

  it("accepts the right password only", async () => {
    const hash = await hashPassword("correct horse battery staple")
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true)
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false)
    expect(await verifyPassword("", hash)).toBe(false)
  })

  it("treats a Unicode password in either normal form as the same password", async () => {
    const hash = await hashPassword("caf\u00e9-au-lait-42")
    expect(await verifyPassword("cafe\u0301-au-lait-42", hash)).toBe(true)
  })

  it("checks the password policy on the same (NFKC) string that is hashed: full-width common passwords are refused", async () => {
    expect(checkPassword("ｐａｓｓｗｏｒｄ１２３")).toBe("too-common")
    expect(checkPassword("ＰＡＳＳＷＯＲＤ１２３")).toBe("too-common")
    // What the policy counts is what gets hashed: the full-width form verifies as the ASCII one.
    const hash = await hashPassword("ｐａｓｓｗｏｒｄ１２３")
    expect(await verifyPassword("password123", hash)).toBe(true)
  })

  it("returns false, never throws, for a missing or malformed stored hash", async () => {
    expect(await verifyPassword("anything-at-all", null)).toBe(false)
    expect(await verifyPassword("anything-at-all", undefined)).toBe(false)
    expect(await verifyPassword("anything-at-all", "not-a-hash")).toBe(false)
    expect(await verifyPassword("anything-at-all", "scrypt$0$8$1$aa$bb")).toBe(false)
  })

  it("spends about the same time when there is no account as on a wrong password", async () => {
    vi.stubEnv("PASSWORD_HASH_COST", "")
    const hash = await hashPassword("the-real-password-1")
    const median = async (stored: string | null) => {
      const times: number[] = []
      for (let i = 0; i < 5; i++) {
        const start = performance.now()
        await verifyPassword("a-wrong-guess-123", stored)
        times.push(performance.now() - start)
      }
      return times.sort((x, y) => x - y)[2]
    }
    await verifyPassword("warm-up-password", null)
    const wrong = await median(hash)
    const missing = await median(null)
    // Both run one scrypt of the same cost; a skipped hash would be ~100x faster.
    expect(missing / wrong).toBeGreaterThan(0.4)
    expect(missing / wrong).toBeLessThan(2.5)
    // Eleven hashes at the production cost, with the other worker busy on the same two cores.
  }, 90_000)
})

describe("checkPassword (length and blocklist, no composition rules)", () => {
  it.each([
    ["short", "too-short"],
    ["1234567", "too-short"],
    ["x".repeat(129), "too-long"],
    ["password", "too-common"],
    ["Password1", "too-common"],
    ["12345678", "too-common"],
    ["qwertyuiop", "too-common"],
    ["aaaaaaaaaaaa", "too-common"],
  ])("%s → %s", (password, problem) => {
    expect(checkPassword(password)).toBe(problem)
  })

  it("accepts a long passphrase of lowercase words (no composition rules)", () => {
    expect(checkPassword("purple elephants dance quietly")).toBeNull()
    expect(checkPassword("x".repeat(7) + "y")).toBeNull()
    expect(checkPassword("y".repeat(128))).toBe("too-common")
  })

  it("counts characters, not UTF-16 units", () => {
    expect(checkPassword("🔑🔑🔑🔑🔑🔑🔑")).toBe("too-short")
    expect(checkPassword("🔑🔒🔓🗝️🔐🔏🛡️🚪")).toBeNull()
  })

  it("refuses the account's own email as the password", () => {
    expect(checkPassword("jane.doe@example.com", { email: "jane.doe@example.com" })).toBe("contains-email")
    expect(checkPassword("jane.doe", { email: "jane.doe@example.com" })).toBe("contains-email")
  })
})

describe("normalizeEmail", () => {
  it.each([
    ["  Jane@Example.COM ", "jane@example.com"],
  ])("%s → %s", (input, expected) => expect(normalizeEmail(input)).toBe(expected))

  // A full-width look-alike is refused, not folded into the address it imitates (docs/decisions/account-model-and-passwords.md).
  it("refuses ｊａｎｅ@example.com", () => expect(normalizeEmail("ｊａｎｅ@example.com")).toBeNull())

  it.each(["", "no-at-sign", "a@b", "a@@b.com", "a b@c.com", '"q"@x.com', "a@b,c.com", "a@.com", 42, null])(
    "refuses %s",
    (input) => expect(normalizeEmail(input)).toBeNull(),
  )
})
