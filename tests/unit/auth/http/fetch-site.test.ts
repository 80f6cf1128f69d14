import { describe, expect, it } from "vitest"
import { requestSite } from "@/lib/auth/http/fetch-site"

const ORIGIN = "https://app.example.com"
const site = (headers: Record<string, string>) => requestSite(new Headers(headers), ORIGIN)

describe("requestSite: where a POST came from, by the headers pages cannot set", () => {
  it("trusts a same-origin Origin, in any spelling the URL parser agrees with", () => {
    expect(site({ origin: ORIGIN })).toBe("same-origin")
    expect(site({ origin: "https://APP.example.com:443" })).toBe("same-origin")
    expect(site({ origin: ORIGIN, "sec-fetch-site": "same-origin" })).toBe("same-origin")
    expect(site({ "sec-fetch-site": "same-origin" })).toBe("same-origin")
  })

  it("refuses another origin, another scheme or port, a sibling subdomain", () => {
    for (const origin of [
      "https://evil.example",
      "http://app.example.com",
      "https://app.example.com:8443",
      "https://sub.app.example.com",
      "garbage",
      "javascript:alert(1)",
    ]) {
      expect(site({ origin }), origin).toBe("cross-site")
      expect(site({ origin, "sec-fetch-site": "same-origin" }), origin).toBe("cross-site")
    }
  })

  it("reads Origin: null as no information (a same-origin form on a no-referrer page sends it)", () => {
    expect(site({ origin: "null", "sec-fetch-site": "same-origin" })).toBe("same-origin")
    expect(site({ origin: "null", "sec-fetch-site": "cross-site" })).toBe("cross-site")
    expect(site({ origin: "null" })).toBe("unknown")
  })

  it("refuses what Sec-Fetch-Site says came from elsewhere, even with a matching Origin", () => {
    for (const value of ["cross-site", "same-site", "CROSS-SITE", "anything-else"]) {
      expect(site({ "sec-fetch-site": value }), value).toBe("cross-site")
      expect(site({ "sec-fetch-site": value, origin: ORIGIN }), value).toBe("cross-site")
    }
  })

  it("cannot tell without either header (curl, server-side clients): the CSRF token decides", () => {
    expect(site({})).toBe("unknown")
    expect(site({ "sec-fetch-site": "none" })).toBe("unknown")
    expect(site({ referer: "https://evil.example/" })).toBe("unknown")
  })
})
