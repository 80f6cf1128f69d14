/**
 * The policies of the app's pages in production and in development. Production
 * stays exactly as strict as it was (a nonce for scripts and styles on the
 * auth pages, no eval, no websockets); development lets Next's dev overlay
 * work: eval for React's development build, the HMR websocket, and inline
 * styles (the overlay's styles carry no nonce; a nonce would make browsers
 * ignore 'unsafe-inline').
 */
import { describe, expect, it } from "vitest"
import { authPageContentSecurityPolicy } from "@/server/auth-page-headers"
import { contentSecurityPolicy } from "@/server/security-headers"

const NONCE = "bm9uY2Utb2YtdGhlLXRlc3Q="

function directives(policy: string): Map<string, string> {
  return new Map(policy.split("; ").map((d) => [d.split(" ")[0]!, d.slice(d.indexOf(" ") + 1)]))
}

describe("the auth pages' nonce policy", () => {
  it("is unchanged in production: nonce'd scripts and styles, nothing else inline, no eval, no websockets", () => {
    expect(authPageContentSecurityPolicy(NONCE, false)).toBe(
      [
        "default-src 'self'",
        `script-src 'nonce-${NONCE}' 'strict-dynamic'`,
        `style-src 'self' 'nonce-${NONCE}'`,
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    )
  })

  it("in development allows what the dev overlay needs, and only that", () => {
    const dev = directives(authPageContentSecurityPolicy(NONCE, true))
    const prod = directives(authPageContentSecurityPolicy(NONCE, false))
    expect(dev.get("script-src")).toBe(`'nonce-${NONCE}' 'strict-dynamic' 'unsafe-eval'`)
    // No nonce beside 'unsafe-inline': with one, browsers would ignore 'unsafe-inline'.
    expect(dev.get("style-src")).toBe("'self' 'unsafe-inline'")
    expect(dev.get("connect-src")).toBe("'self' ws:")
    for (const name of ["default-src", "img-src", "font-src", "object-src", "base-uri", "form-action", "frame-ancestors"]) {
      expect(dev.get(name), name).toBe(prod.get(name))
    }
  })
})

describe("the other pages' policy", () => {
  it("is unchanged in production: no eval, no websockets", () => {
    expect(contentSecurityPolicy(false)).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    )
  })

  it("in development adds eval and the HMR websocket", () => {
    const dev = directives(contentSecurityPolicy(true))
    expect(dev.get("script-src")).toBe("'self' 'unsafe-inline' 'unsafe-eval'")
    expect(dev.get("connect-src")).toBe("'self' ws:")
  })
})
