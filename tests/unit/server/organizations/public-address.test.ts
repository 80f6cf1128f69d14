/**
 * The metadata URL an organization's admin types is fetched by the server; in
 * production it must not reach the server's own network. Literal addresses
 * only, so the test needs no resolver: `localhost` is resolved by the system.
 */
import { describe, expect, it } from "vitest"
import { resolvesToPublicAddresses } from "@/server/organizations/public-address"

describe("resolvesToPublicAddresses in production", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.10", "169.254.169.254", "100.64.0.1", "0.0.0.0", "[::1]", "[fd00::1]", "[fe80::1]", "[::ffff:10.0.0.1]", "localhost"])(
    "refuses %s, an address of the server's own network",
    async (host) => {
      expect(await resolvesToPublicAddresses(host, true)).toBe(false)
    },
  )

  it.each(["93.184.215.14", "[2606:4700::6810:84e5]"])("accepts %s, a public address", async (host) => {
    expect(await resolvesToPublicAddresses(host, true)).toBe(true)
  })

  it("refuses a name that does not resolve", async () => {
    expect(await resolvesToPublicAddresses("no-such-host.invalid", true)).toBe(false)
  })

  it("lets a developer's local identity provider through outside production", async () => {
    expect(await resolvesToPublicAddresses("127.0.0.1", false)).toBe(true)
  })
})
