import { describe, expect, it } from "vitest"
import { trustedProxiesFromEnv } from "@/lib/auth/env"
import { clientAddress, requestAddress } from "@/lib/auth/rate-limit"

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

describe("the key and the address as seen", () => {
  it("the key is the canonical address (IPv6 by its /64); requestAddress is the entry as the proxy wrote it", () => {
    const options = { trustedProxies: 1, socketAddress: socket }
    const seen = request({ "x-forwarded-for": "spoofed, [2001:DB8:1:2::AbCd]:443" })
    expect(requestAddress(seen, options)).toBe("[2001:DB8:1:2::AbCd]:443")
    expect(clientAddress(seen, options)).toBe("2001:db8:1:2::/64")
    expect(clientAddress(seen, { ...options, ipv6Prefix: 128 })).toBe("2001:db8:1:2::abcd")
    const mapped = request({ "x-forwarded-for": "::ffff:203.0.113.7" })
    expect(requestAddress(mapped, options)).toBe("::ffff:203.0.113.7")
    expect(clientAddress(mapped, options)).toBe("203.0.113.7")
    // The socket's address is read the same way (a dual-stack server reports IPv4 clients mapped).
    expect(clientAddress(request({}), { trustedProxies: 0, socketAddress: () => "::ffff:192.0.2.1" })).toBe("192.0.2.1")
  })
})
