import { describe, expect, it } from "vitest"
import { secretsFromEnv } from "@/lib/auth/config/env"

describe("secrets from the environment", () => {
  it("puts AUTH_SECRET first (it makes new tokens) and the numbered, older ones after it", () => {
    expect(secretsFromEnv({ AUTH_SECRET: "new", AUTH_SECRET_1: "old", AUTH_SECRET_2: "older" })).toEqual(["new", "old", "older"])
    expect(secretsFromEnv({ NEXTAUTH_SECRET: "legacy", AUTH_SECRET_1: "old" })).toEqual(["legacy", "old"])
    expect(secretsFromEnv({ AUTH_SECRET_1: "old" })).toEqual(["old"])
    expect(secretsFromEnv({ AUTH_SECRET: "", AUTH_SECRET_1: "" })).toBeUndefined()
  })
})
