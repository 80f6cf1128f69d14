import { describe, expect, it } from "vitest"
// The matcher Next.js compiles `headers()` sources with.
import { pathToRegexp } from "next/dist/compiled/path-to-regexp"
import { securityHeaders } from "@/server/security-headers"

/** The header keys a response for `path` gets, over every rule that matches it. */
function headersFor(path: string, authBasePath?: string): string[] {
  return securityHeaders(false, authBasePath)
    .filter((rule) => pathToRegexp(rule.source).test(path))
    .flatMap((rule) => rule.headers.map((h) => h.key))
}

describe("security headers of the app's pages", () => {
  it("give app pages a CSP and no framing, and leave the built-in auth pages their own CSP", () => {
    expect(headersFor("/settings")).toEqual(expect.arrayContaining(["Content-Security-Policy", "X-Frame-Options"]))
    expect(headersFor("/api/auth/signin")).not.toContain("Content-Security-Policy")
    expect(headersFor("/api/auth/signin")).toContain("X-Content-Type-Options")
  })

  it("follow a moved auth base path: the auth routes there keep their own policy, /api/auth becomes an app path", () => {
    expect(headersFor("/auth/signin", "/auth")).not.toContain("Content-Security-Policy")
    expect(headersFor("/auth/signin", "/auth")).toContain("Strict-Transport-Security")
    expect(headersFor("/api/auth/signin", "/auth")).toContain("Content-Security-Policy")
    expect(headersFor("/account/auth/signin", "/account/auth/")).not.toContain("Content-Security-Policy")
  })

  it("leave the app's own auth pages to the middleware's nonce policy", () => {
    expect(headersFor("/signup")).not.toContain("Content-Security-Policy")
    expect(headersFor("/signup")).toContain("X-Frame-Options")
  })
})
