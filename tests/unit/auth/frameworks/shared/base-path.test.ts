import { describe, expect, it } from "vitest"
import { BasePathMismatch } from "@/lib/auth/errors"
import {
  assertBasePathAgreesWithEnv,
  DEFAULT_BASE_PATH,
  declaredBasePath,
  trimBasePath,
} from "@/lib/auth/frameworks/shared/base-path"

describe("base paths shared by the framework layers", () => {
  it("defaults to /api/auth under Next.js and /auth under Express and SvelteKit", () => {
    expect(DEFAULT_BASE_PATH).toEqual({ next: "/api/auth", express: "/auth", sveltekit: "/auth" })
  })

  it("trims trailing slashes and keeps the root", () => {
    expect(trimBasePath("/auth//")).toBe("/auth")
    expect(trimBasePath("/")).toBe("/")
    expect(trimBasePath("")).toBe("/")
  })

  it("takes the explicit path first, then AUTH_URL's; the root names none", () => {
    const env = { AUTH_URL: "https://app.example.test/custom/auth" }
    expect(declaredBasePath("/mine/", env)).toBe("/mine")
    expect(declaredBasePath(undefined, env)).toBe("/custom/auth")
    expect(declaredBasePath(undefined, { AUTH_URL: "https://app.example.test" })).toBeUndefined()
    expect(declaredBasePath("/", env)).toBeUndefined()
    expect(declaredBasePath(undefined, {})).toBeUndefined()
  })

  it("refuses an explicit path AUTH_URL's path contradicts, naming the option", () => {
    const env = { AUTH_URL: "https://app.example.test/auth" }
    expect(() => assertBasePathAgreesWithEnv("/auth/", "basePath", env)).not.toThrow()
    expect(() => assertBasePathAgreesWithEnv(undefined, "basePath", env)).not.toThrow()
    expect(() => assertBasePathAgreesWithEnv("/login", "prefix", env)).toThrow(BasePathMismatch)
    expect(() => assertBasePathAgreesWithEnv("/login", "prefix", env)).toThrow(/differs from prefix \(\/login\)/)
  })
})
