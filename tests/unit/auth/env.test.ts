import { describe, expect, it } from "vitest"
import { secretsFromEnv } from "@/lib/auth/env"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { decode, encode } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"

describe("secrets from the environment", () => {
  it("puts AUTH_SECRET first (it makes new tokens) and the numbered, older ones after it", () => {
    expect(secretsFromEnv({ AUTH_SECRET: "new", AUTH_SECRET_1: "old", AUTH_SECRET_2: "older" })).toEqual(["new", "old", "older"])
    expect(secretsFromEnv({ NEXTAUTH_SECRET: "legacy", AUTH_SECRET_1: "old" })).toEqual(["legacy", "old"])
    expect(secretsFromEnv({ AUTH_SECRET_1: "old" })).toEqual(["old"])
    expect(secretsFromEnv({ AUTH_SECRET: "", AUTH_SECRET_1: "" })).toBeUndefined()
  })
})

/**
 * The documented rotation (.env.example, docs/decisions/runtime-and-startup.md "Secret rotation
 * order"), from the environment to the session cookie: the old value moves to
 * AUTH_SECRET_1, a new AUTH_SECRET is set.
 */
describe("rotating secrets through the environment", () => {
  const OLD = "rotation-unit-old-secret-0123456789abcdefgh"
  const NEW = "rotation-unit-new-secret-0123456789abcdefgh"
  const SALT = "authjs.session-token"
  const rotated = createConfigResolver({ env: { AUTH_SECRET: NEW, AUTH_SECRET_1: OLD, AUTH_URL: "https://app.example.com" } })({
    providers: [Credentials({ authorize: () => null })],
  })

  it("a session token written before the rotation, with the old secret, still decodes", async () => {
    const before = await encode({ token: { sub: "user-1" }, secret: OLD, salt: SALT })
    expect(await rotated.keyRing.decode(before, SALT)).toMatchObject({ sub: "user-1" })
  })

  it("new tokens are encrypted with AUTH_SECRET, not with the older AUTH_SECRET_1", async () => {
    const after = await rotated.keyRing.encode({ sub: "user-2" }, SALT, 3600)
    expect(await decode({ token: after, secret: NEW, salt: SALT })).toMatchObject({ sub: "user-2" })
    expect(await decode({ token: after, secret: OLD, salt: SALT })).toBeNull()
  })
})
