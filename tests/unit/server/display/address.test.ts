/** Client addresses as people read them: loopback named plainly, IPv4-mapped unwrapped, unknown left out. */
import { describe, expect, it } from "vitest"
import { addressText, readableAddress } from "@/server/display/address"

describe("addressText", () => {
  it.each([
    ["::1", "this computer"],
    ["127.0.0.1", "this computer"],
    ["::ffff:127.0.0.1", "this computer"],
    ["0:0:0:0:0:0:0:1", "this computer"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8::1", "2001:db8::1"],
    ["192.168.1.20", "192.168.1.20 (local network)"],
    ["10.0.0.5", "10.0.0.5 (local network)"],
    ["172.20.1.1", "172.20.1.1 (local network)"],
    ["172.32.1.1", "172.32.1.1"],
    ["fd12:3456::1", "fd12:3456::1 (local network)"],
    ["fe80::1", "fe80::1 (local network)"],
  ])("%s → %s", (ip, text) => {
    expect(addressText(ip)).toBe(text)
  })

  it.each([[null], [undefined], [""], ["unknown"], ["UNKNOWN"], ["not an address"], ["999.1.1.1"]])(
    "%s is left out rather than shown as an address",
    (ip) => {
      expect(readableAddress(ip)).toBeNull()
      expect(addressText(ip)).toBeNull()
    },
  )
})
