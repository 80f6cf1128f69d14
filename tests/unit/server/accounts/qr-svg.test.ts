import { renderSVG } from "uqr"
import { describe, expect, it } from "vitest"
import { plainQrSvg } from "@/server/accounts/qr-svg"

describe("plainQrSvg", () => {
  it("passes the QR code the library draws, whatever the URI holds", () => {
    const svg = renderSVG('otpauth://totp/Site:%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E?secret=JBSWY3DPEHPK3PXP&issuer=Site', { border: 2 })
    expect(plainQrSvg(svg)).toBe(svg)
    expect(svg).not.toContain("script")
  })

  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>'],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><rect fill="white" width="10" height="10"/><path fill="black" d="M0,0h1v1h-1z"/></svg>'],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="white" width="10" height="10"/><path fill="black" d="M0,0h1v1h-1z"/><text>a@b</text></svg>'],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="url(javascript:x)" width="10" height="10"/><path fill="black" d="M0,0"/></svg>'],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="white" width="10" height="10"/><path fill="black" d="M0,0"/></svg><img src=x onerror=alert(1)>'],
    [""],
  ])("refuses anything else: %s", (svg) => {
    expect(plainQrSvg(svg)).toBeNull()
  })
})
