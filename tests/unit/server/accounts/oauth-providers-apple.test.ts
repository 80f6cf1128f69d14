/**
 * The starter's Apple row: AUTH_APPLE_ID with either AUTH_APPLE_SECRET or the
 * signing key (AUTH_APPLE_TEAM_ID, AUTH_APPLE_KEY_ID, AUTH_APPLE_PRIVATE_KEY).
 */
import { describe, expect, it } from "vitest"
import { oauthProvidersFromEnv } from "@/server/accounts/oauth-providers"

const ids = (env: Record<string, string>) => oauthProvidersFromEnv(env).map((p) => p.id)
const KEY = { AUTH_APPLE_TEAM_ID: "TEAM", AUTH_APPLE_KEY_ID: "KEY", AUTH_APPLE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\n…" }

describe("oauthProvidersFromEnv: Apple", () => {
  it("is on with an id and a secret", () => {
    expect(ids({ AUTH_APPLE_ID: "svc", AUTH_APPLE_SECRET: "jwt" })).toEqual(["apple"])
  })
  it("is on with an id and the whole signing key, which then makes the secret", () => {
    const [apple] = oauthProvidersFromEnv({ AUTH_APPLE_ID: "svc", ...KEY })
    expect(apple?.id).toBe("apple")
    expect(typeof apple?.createClientSecret).toBe("function")
  })
  it("is off without an id, or with neither a secret nor the whole key", () => {
    expect(ids({ AUTH_APPLE_SECRET: "jwt", ...KEY })).toEqual([])
    expect(ids({ AUTH_APPLE_ID: "svc" })).toEqual([])
    expect(ids({ AUTH_APPLE_ID: "svc", AUTH_APPLE_TEAM_ID: "TEAM", AUTH_APPLE_KEY_ID: "KEY" })).toEqual([])
  })
  it("leaves the other rows as they were (ID and SECRET)", () => {
    expect(ids({ AUTH_GITHUB_ID: "a", AUTH_GITHUB_SECRET: "b", AUTH_APPLE_ID: "svc", AUTH_APPLE_SECRET: "jwt" })).toEqual(["apple", "github"])
    expect(ids({ AUTH_GITHUB_ID: "a" })).toEqual([])
  })
})
