import { describe, expect, it } from "vitest"
import { resolveOrigin, withOrigin } from "@/lib/auth/http/origin"

const h = (entries: Record<string, string>) => new Headers(entries)

describe("resolveOrigin", () => {
  it("uses AUTH_URL whatever the headers say", () => {
    const origin = resolveOrigin(h({ host: "evil.example", "x-forwarded-host": "evil.example" }), {
      authUrl: "https://app.example.com/api/auth",
      trustHost: true,
    })
    expect(origin).toBe("https://app.example.com")
  })

  it("honours X-Forwarded-Host/-Proto only with trustHost", () => {
    const headers = h({ host: "internal:3000", "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" })
    expect(resolveOrigin(headers, { trustHost: true })).toBe("https://app.example.com")
    expect(resolveOrigin(headers, { trustHost: false, fallback: "http://internal:3000/x" })).toBe("http://internal:3000")
  })

  it("takes the first value of chained proxies' comma lists", () => {
    const headers = h({ "x-forwarded-host": "a.example.com, b.example.com", "x-forwarded-proto": "http,https" })
    expect(resolveOrigin(headers, { trustHost: true })).toBe("http://a.example.com")
  })

  it("ignores malformed forwarded values instead of failing", () => {
    const headers = h({ host: "localhost:3000", "x-forwarded-host": "bad host/<x>", "x-forwarded-proto": "gopher" })
    expect(resolveOrigin(headers, { trustHost: true })).toBe("http://localhost:3000")
  })

  it("defaults to https for public hosts and http for localhost", () => {
    expect(resolveOrigin(h({ host: "app.example.com" }), { trustHost: true })).toBe("https://app.example.com")
    expect(resolveOrigin(h({ host: "127.0.0.1:4000" }), { trustHost: true })).toBe("http://127.0.0.1:4000")
  })

  it("withOrigin keeps path, query, method and body", async () => {
    const request = new Request("http://internal:3000/api/auth/callback/credentials?x=1", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    })
    const moved = withOrigin(request, "https://app.example.com")
    expect(moved.url).toBe("https://app.example.com/api/auth/callback/credentials?x=1")
    expect(moved.method).toBe("POST")
    expect(await moved.text()).toBe("a=1")
  })
})

describe("resolveOrigin with a malformed X-Forwarded-Host from a trusted proxy", () => {
  const malformed: Array<[string, string]> = [
    ["a port out of range", "x:99999"],
    ["an empty port", "app.example.com:"],
    ["IPv6 without brackets", "::1"],
    ["userinfo", "user:pass@app.example.com"],
    ["spaces", "app example.com"],
    ["a path", "app.example.com/evil"],
    ["300 characters", `${"a".repeat(296)}.com`],
  ]
  it.each(malformed)("ignores %s and uses the Host header", (_label, forwarded) => {
    const headers = h({ host: "localhost:3000", "x-forwarded-host": forwarded })
    const origin = resolveOrigin(headers, { trustHost: true })
    expect(origin).toBe("http://localhost:3000")
    expect(() => withOrigin(new Request("http://localhost:3000/api/auth/session"), origin)).not.toThrow()
  })

  it("keeps the highest valid port and a bracketed IPv6 host", () => {
    expect(resolveOrigin(h({ "x-forwarded-host": "app.example.com:65535" }), { trustHost: true })).toBe("https://app.example.com:65535")
    expect(resolveOrigin(h({ "x-forwarded-host": "[::1]:3000" }), { trustHost: true })).toBe("http://[::1]:3000")
  })
})
