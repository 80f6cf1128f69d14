import { describe, expect, it } from "vitest"
import { trustedProxiesFromEnv } from "@/lib/auth/env"
import { clientAddress } from "@/lib/auth/rate-limit"

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers })
const socket = () => "192.0.2.1"

describe("the client address rate limits key on", () => {
  it("is the socket address when no proxy is declared, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }), { trustedProxies: 0, socketAddress: socket })).toBe("192.0.2.1")
  })

  it("with n trusted proxies, is the n-th X-Forwarded-For entry from the right", () => {
    const xff = { "x-forwarded-for": "spoofed, 203.0.113.7, 10.0.0.2" }
    expect(clientAddress(request(xff), { trustedProxies: 1, socketAddress: socket })).toBe("10.0.0.2")
    expect(clientAddress(request(xff), { trustedProxies: 2, socketAddress: socket })).toBe("203.0.113.7")
  })

  it("falls back to the socket when the header has fewer entries than trusted proxies (the proxy was bypassed)", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }), { trustedProxies: 2, socketAddress: socket })).toBe("192.0.2.1")
    expect(clientAddress(request({}), { trustedProxies: 1, socketAddress: socket })).toBe("192.0.2.1")
    expect(clientAddress(request({}), { trustedProxies: 0 })).toBe("unknown")
  })

  it("reads AUTH_TRUSTED_PROXIES as a whole number 0-10, anything else as 0", () => {
    expect(trustedProxiesFromEnv({ AUTH_TRUSTED_PROXIES: "1" })).toBe(1)
    expect(trustedProxiesFromEnv({ AUTH_TRUSTED_PROXIES: " 2 " })).toBe(2)
    for (const value of [undefined, "", "true", "-1", "1.5", "11", "1e1"]) {
      expect(trustedProxiesFromEnv({ AUTH_TRUSTED_PROXIES: value })).toBe(0)
    }
  })
})
