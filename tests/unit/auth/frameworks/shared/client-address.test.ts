import { describe, expect, it } from "vitest"
import { rememberClientAddress, rememberedClientAddress, withClientAddress } from "@/lib/auth/frameworks/shared/client-address"

describe("the client address a framework hands the rate limiter", () => {
  const fromFramework = () => "203.0.113.7"

  it("plugs in the framework's address unless the configuration names its own", () => {
    const own = () => "198.51.100.1"
    expect(withClientAddress(undefined, fromFramework)).toEqual({ socketAddress: fromFramework })
    expect(withClientAddress({ socketAddress: own }, fromFramework)).toEqual({ socketAddress: own })
  })

  it("defaults trustedProxies only where asked (a framework that applied its own proxy setting)", () => {
    expect(withClientAddress({}, fromFramework, { trustedProxies: 0 })).toMatchObject({ trustedProxies: 0 })
    expect(withClientAddress({ trustedProxies: 2 }, fromFramework, { trustedProxies: 0 })).toMatchObject({ trustedProxies: 2 })
    expect(withClientAddress({}, fromFramework)).not.toHaveProperty("trustedProxies")
  })

  it("leaves rate limiting off when the configuration turns it off", () => {
    expect(withClientAddress(false, fromFramework, { trustedProxies: 0 })).toBe(false)
  })

  it("remembers an address per Request", () => {
    const request = new Request("http://localhost/auth/signin")
    expect(rememberedClientAddress(request)).toBeUndefined()
    rememberClientAddress(request, "203.0.113.7")
    expect(rememberedClientAddress(request)).toBe("203.0.113.7")
    expect(rememberedClientAddress(new Request("http://localhost/auth/signin"))).toBeUndefined()
  })
})
