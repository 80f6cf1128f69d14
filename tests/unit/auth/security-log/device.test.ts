/**
 * The device key a new-device check compares: browser family and OS without
 * versions, and the address's network (IPv4 /24, IPv6 /48).
 */
import { describe, expect, it } from "vitest"
import { addressPrefix, deviceKey } from "@/lib/auth/security-log/device"

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
const SAMSUNG = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36"

describe("deviceKey", () => {
  it("names browser family, OS and network, without version numbers", () => {
    expect(deviceKey(CHROME_MAC, "203.0.113.9")).toBe("Chrome|macOS|203.0.113")
    expect(deviceKey(CHROME_ANDROID, "203.0.113.9")).toBe("Chrome|Android|203.0.113")
    expect(deviceKey(SAMSUNG, "203.0.113.9")).toBe("Samsung Internet|Android|203.0.113")
  })

  it("a browser update or another address in the same network is the same device", () => {
    expect(deviceKey(CHROME_MAC.replace("Chrome/131", "Chrome/140"), "203.0.113.200")).toBe(deviceKey(CHROME_MAC, "203.0.113.9"))
  })

  it("another network or another browser is another device", () => {
    expect(deviceKey(CHROME_MAC, "203.0.114.9")).not.toBe(deviceKey(CHROME_MAC, "203.0.113.9"))
    expect(deviceKey(SAMSUNG, "203.0.113.9")).not.toBe(deviceKey(CHROME_ANDROID, "203.0.113.9"))
  })

  it("reads an unknown agent and a missing address as unknown", () => {
    expect(deviceKey(null, null)).toBe("Unknown browser|Unknown OS|unknown")
    expect(deviceKey("", "unknown")).toBe("Unknown browser|Unknown OS|unknown")
  })
})

describe("addressPrefix", () => {
  it.each([
    ["203.0.113.9", "203.0.113"],
    ["::ffff:203.0.113.9", "203.0.113"],
    ["2001:db8:abcd:12::1", "2001:db8:abcd"],
    ["2001:0DB8:ABCD:0012:0000:0000:0000:0001", "2001:db8:abcd"],
    ["2001:db8::1", "2001:db8:0"],
    ["[2001:db8:1:2::1]", "2001:db8:1"],
    ["fe80::1%eth0", "fe80:0:0"],
    ["::1", "0:0:0"],
    ["256.1.1.1", "unknown"],
    ["1:2:3:4:5:6:7:8:9", "unknown"],
    ["2001:db8:::1", "unknown"],
    ["not an address", "unknown"],
    ["", "unknown"],
  ])("%s → %s", (address, prefix) => {
    expect(addressPrefix(address)).toBe(prefix)
  })
})
