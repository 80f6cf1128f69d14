import { describe, expect, it } from "vitest"
import nextConfig from "@/next.config"

describe("security headers of the app's pages (next.config.ts)", () => {
  it("sends CSP with frame-ancestors 'none', X-Frame-Options, nosniff and HSTS on every page but the auth routes", async () => {
    const rules = await nextConfig.headers!()
    const pages = rules.find((rule) => new RegExp(`^${rule.source}$`).test("/settings"))!
    const headers = Object.fromEntries(pages.headers.map((h) => [h.key.toLowerCase(), h.value]))
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'")
    expect(headers["content-security-policy"]).toContain("object-src 'none'")
    expect(headers["x-frame-options"]).toBe("DENY")
    expect(headers["x-content-type-options"]).toBe("nosniff")
    expect(headers["strict-transport-security"]).toMatch(/^max-age=\d{8}/)
    for (const path of ["/", "/dashboard", "/signup"]) expect(new RegExp(`^${pages.source}$`).test(path)).toBe(true)
    expect(new RegExp(`^${pages.source}$`).test("/api/auth/signin")).toBe(false)
  })
})
