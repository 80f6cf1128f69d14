/**
 * PASSWORD_HASH_COST (server/accounts/password-cost.ts): the test suites'
 * cheaper scrypt, and why a deployment can never run with it. The production
 * cost itself is proved by tests/unit/server/accounts/password.test.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { hashPassword, verifyPassword } from "@/server/accounts/password"
import { PRODUCTION_SCRYPT_COST, TEST_SCRYPT_COST, passwordHashCostProblem, scryptCost } from "@/server/accounts/password-cost"
import { appEnvironmentChecks } from "@/server/startup-checks"

afterEach(() => vi.unstubAllEnvs())

describe("the cost a new hash is made with", () => {
  it("unset, empty or 'production': scrypt N=2^15, r=8, p=1", () => {
    for (const PASSWORD_HASH_COST of [undefined, "", "production"]) {
      expect(scryptCost({ PASSWORD_HASH_COST, NODE_ENV: "production" })).toEqual({ N: 32768, r: 8, p: 1 })
    }
    expect(PRODUCTION_SCRYPT_COST).toEqual({ N: 32768, r: 8, p: 1 })
  })

  it("'test' outside production: N=2^10, and a hash made so still verifies once the knob is gone", async () => {
    vi.stubEnv("PASSWORD_HASH_COST", "test")
    const cheap = await hashPassword("a-test-suite-password")
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(TEST_SCRYPT_COST).toEqual({ N: 1024, r: 8, p: 1 })
    vi.stubEnv("PASSWORD_HASH_COST", "")
    expect(await verifyPassword("a-test-suite-password", cheap)).toBe(true)
    expect(await verifyPassword("a-test-suite-passwore", cheap)).toBe(false)
  })

  it("'test' on a production server whose AUTH_URL is this machine (the browser suite's servers)", () => {
    for (const AUTH_URL of ["http://localhost:3000", "https://localhost:4443", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect(passwordHashCostProblem({ PASSWORD_HASH_COST: "test", NODE_ENV: "production", AUTH_URL })).toBeUndefined()
    }
  })
})

describe("a deployment cannot run with the cheap hash", () => {
  it("production with a public AUTH_URL, or none: start-up stops and names the variable", () => {
    for (const AUTH_URL of ["https://app.example.com", "http://localhost.example.com", undefined, "not a url"]) {
      const env = { PASSWORD_HASH_COST: "test", NODE_ENV: "production", AUTH_URL }
      const problems = appEnvironmentChecks.flatMap((check) => check(env))
      expect(problems.map((p) => p.variable)).toContain("PASSWORD_HASH_COST")
      expect(problems.find((p) => p.variable === "PASSWORD_HASH_COST")?.message).toMatch(/for test servers only.*Unset it\.$/)
    }
  })

  it("a hash asked for under a refused setting throws rather than using either cost", async () => {
    vi.stubEnv("PASSWORD_HASH_COST", "test")
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_URL", "https://app.example.com")
    await expect(hashPassword("a-production-password")).rejects.toMatchObject({ variable: "PASSWORD_HASH_COST" })
  })

  it("an unknown value is refused by name, in development too", () => {
    const problem = passwordHashCostProblem({ PASSWORD_HASH_COST: "low", NODE_ENV: "development" })
    expect(problem?.variable).toBe("PASSWORD_HASH_COST")
    expect(problem?.message).toMatch(/^"low" is not a password hash cost/)
  })
})
