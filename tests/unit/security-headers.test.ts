import { describe, expect, it } from "vitest"
import nextConfig from "@/next.config"
import { authPageContentSecurityPolicy, isAuthPage } from "@/lib/auth-page-headers"

async function headersFor(path: string): Promise<Record<string, string>> {
  const rules = await nextConfig.headers!()
  const matching = rules.filter((rule) => new RegExp(`^${rule.source}$`).test(path))
  return Object.fromEntries(matching.flatMap((rule) => rule.headers.map((h) => [h.key.toLowerCase(), h.value])))
}

describe("security headers of the app's pages (next.config.ts)", () => {
  it("sends CSP with frame-ancestors 'none', X-Frame-Options, nosniff and HSTS on every page but the auth routes", async () => {
    for (const path of ["/", "/dashboard", "/settings", "/signups", "/signup-help"]) {
      const headers = await headersFor(path)
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'")
      expect(headers["content-security-policy"]).toContain("object-src 'none'")
      expect(headers["x-frame-options"]).toBe("DENY")
      expect(headers["x-content-type-options"]).toBe("nosniff")
      expect(headers["strict-transport-security"]).toMatch(/^max-age=\d{8}/)
    }
    expect(await headersFor("/api/auth/signin")).not.toHaveProperty("content-security-policy")
  })

  it("leaves the CSP and referrer policy of the app's auth pages to the middleware's nonce policy", async () => {
    for (const path of ["/signup", "/forgot-password", "/reset-password", "/verify-email", "/signup/"]) {
      const headers = await headersFor(path)
      expect(headers, path).not.toHaveProperty("content-security-policy")
      expect(headers, path).not.toHaveProperty("referrer-policy")
      expect(headers["x-frame-options"]).toBe("DENY")
      expect(isAuthPage(path), path).toBe(true)
    }
    expect(isAuthPage("/signups")).toBe(false)
  })

  it("lets only scripts carrying this request's nonce run on the app's auth pages, in production", () => {
    const policy = authPageContentSecurityPolicy("bm9uY2U=", false)
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "))
    expect(scriptSrc).toBe("script-src 'nonce-bm9uY2U=' 'strict-dynamic'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).not.toContain("unsafe-inline")
    expect(policy).not.toContain("unsafe-eval")
  })
})
