/**
 * The library's one address reader. Per-client budgets key
 * on what it makes of an address: every spelling of one address must give
 * one key, every address of one IPv6 /64 must give one key, and two networks
 * must never share one. The security log's device key takes its network from
 * the same reader.
 */
import { describe, expect, it } from "vitest"
import { canonicalIpAddress, clientKey, parseIpAddress } from "@/lib/auth/rate-limit"
import { addressPrefix } from "@/lib/auth/security-log/device"

describe("every spelling of one address is one address", () => {
  it.each([
    ["192.0.2.1", ["192.0.2.1", " 192.0.2.1 ", "::ffff:192.0.2.1", "::FFFF:192.0.2.1", "::ffff:c000:201", "0:0:0:0:0:ffff:c000:0201", "[::ffff:192.0.2.1]", "192.0.2.1:8080", "[192.0.2.1]:443", "192.000.002.001"]],
    ["2001:db8::1", ["2001:db8::1", "2001:DB8::1", "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8:0:0:0:0:0:1", "2001:db8::0:1", "[2001:db8::1]", "[2001:db8::1]:443", "2001:db8::1%eth0", "[2001:db8::1%25eth0]:8443"]],
    ["::1", ["::1", "0:0:0:0:0:0:0:1", "[::1]:443", "::0:1"]],
    ["2001:db8:0:1:1:1:1:1", ["2001:db8:0:1:1:1:1:1", "2001:0DB8:0000:0001:0001:0001:0001:0001"]],
    ["2001:db8::1:0:0:1", ["2001:db8:0:0:1:0:0:1"]],
    ["64:ff9b::c000:201", ["64:ff9b::192.0.2.1"]],
  ])("%s", (canonical, spellings) => {
    for (const spelling of spellings) expect(canonicalIpAddress(spelling), spelling).toBe(canonical)
    expect(new Set(spellings.map((s) => clientKey(s))).size).toBe(1)
  })

  it("a mapped address is keyed as the IPv4 client it is, not as an IPv6 network", () => {
    expect(parseIpAddress("::ffff:203.0.113.9")?.version).toBe(4)
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9")
    expect(clientKey("::ffff:cb00:7109")).toBe("203.0.113.9")
  })

  it.each(["", "unknown", "256.1.1.1", "1.2.3", "1.2.3.4.5", "1:2:3:4:5:6:7:8:9", "2001:db8:::1", "1::2::3", ":1:2:3:4:5:6:7", "12345::1", "g::1", "::ffff:1.2.3.256", "x".repeat(200)])(
    "%j is not an address",
    (text) => {
      expect(parseIpAddress(text)).toBeNull()
    },
  )
})

describe("per-client keys", () => {
  it("1,000 addresses of one /64 give one key; the next /64 another", () => {
    const keys = new Set<string>()
    for (let i = 0; i < 1000; i++) {
      const random = () => Math.floor(Math.random() * 0x10000).toString(16)
      keys.add(clientKey(`2001:db8:1:2:${random()}:${random()}:${random()}:${i.toString(16)}`))
    }
    expect([...keys]).toEqual(["2001:db8:1:2::/64"])
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64")
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"))
  })

  it("the prefix is configurable: /56 joins neighbouring /64s, /128 keys each address", () => {
    expect(clientKey("2001:db8:1:2ff::1", 56)).toBe("2001:db8:1:200::/56")
    expect(clientKey("2001:db8:1:200::9", 56)).toBe(clientKey("2001:db8:1:2ff::1", 56))
    expect(clientKey("2001:db8:1:300::9", 56)).not.toBe(clientKey("2001:db8:1:2ff::1", 56))
    expect(clientKey("2001:db8:1:2::1", 128)).toBe("2001:db8:1:2::1")
    expect(clientKey("2001:db8:1:2::2", 128)).not.toBe(clientKey("2001:db8:1:2::1", 128))
    // A prefix that does not fall on a group boundary masks inside the group.
    expect(clientKey("2001:db8:1:2:ffff::1", 65)).toBe("2001:db8:1:2:8000::/65")
    expect(clientKey("2001:db8:1:2:7fff::1", 65)).toBe("2001:db8:1:2::/65")
  })

  it("IPv4 addresses stay one key each", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9")
    expect(clientKey("203.0.113.10")).not.toBe(clientKey("203.0.113.9"))
  })

  it("text that is not an address keys as itself, cut to 64 characters", () => {
    expect(clientKey("unknown")).toBe("unknown")
    expect(clientKey("  proxy-junk  ")).toBe("proxy-junk")
    expect(clientKey("x".repeat(500))).toBe("x".repeat(64))
    expect(clientKey("")).toBe("unknown")
    expect(clientKey(undefined)).toBe("unknown")
  })
})

describe("the device key's network comes from the same reader", () => {
  it("every spelling of an address has the network stored device keys hold", () => {
    for (const spelling of ["2001:db8:abcd:12::1", "2001:0DB8:ABCD:0012::1", "[2001:db8:abcd:12::1]:443", "2001:db8:abcd:12::1%eth0"]) {
      expect(addressPrefix(spelling)).toBe("2001:db8:abcd")
    }
    for (const spelling of ["203.0.113.9", "::ffff:203.0.113.9", "::ffff:cb00:7109", "203.0.113.9:80"]) {
      expect(addressPrefix(spelling)).toBe("203.0.113")
    }
  })
})
