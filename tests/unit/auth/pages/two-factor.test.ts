/**
 * The second step's page after a wrong code: the problem is said once (the
 * alert, which already says what to enter), and the field is tied to it.
 * The code field: six boxes drawn around one real input that autofill,
 * pasting and a browser without scripts can all fill; a recovery code has a
 * text field of its own.
 */
import { describe, expect, it } from "vitest"

import { ENHANCE_SCRIPT, ENHANCE_SCRIPT_HASH, pageHeaders } from "@/lib/auth/pages/enhance-script"
import { renderTwoFactorEnrolPage, renderTwoFactorPage, TWO_FACTOR_CODES_PAUSED } from "@/lib/auth/pages/two-factor"
import { BASE, light } from "./fixtures"

const page = (error?: string) =>
  renderTwoFactorPage({ action: `${BASE}/two-factor`, csrfToken: "t", callbackUrl: "/", signInUrl: `${BASE}/signin`, theme: light, error }).html

describe("two-factor page", () => {
  it("asks for the code once when nothing went wrong", () => {
    const html = page()
    expect(html).toContain("Enter the 6-digit code from your authenticator app.")
    expect(html).not.toContain('role="alert"')
    expect(html).not.toContain("aria-invalid")
    expect(html).toContain(">Confirm with code</button>")
  })

  it("after a wrong code says it once, in the alert, and marks the field with it", () => {
    const html = page("InvalidTwoFactorCode")
    expect(html.match(/role="alert"/g)).toHaveLength(1)
    expect(html.match(/authenticator app/g)).toHaveLength(1)
    expect(html).toMatch(/<input id="two-factor-code"[^>]* aria-invalid="true" aria-describedby="two-factor-error">/)
    expect(html).toContain('<div class="alert" role="alert" id="two-factor-error">That code did not work.')
  })

  it("renders the code as one input over six decorative boxes, named by its label", () => {
    const html = page()
    const inputs = html.match(/<input id="two-factor-code"[^>]*>/g) ?? []
    expect(inputs).toHaveLength(1)
    const input = inputs[0]!
    expect(input).toContain('name="code"')
    expect(input).toContain('autocomplete="one-time-code"')
    expect(input).toContain('inputmode="numeric"')
    // A recovery code pasted here still reaches the server: nothing in the browser refuses it.
    expect(input).not.toContain("pattern=")
    expect(input).toContain('maxlength="64"')
    expect(html).toContain('<label for="two-factor-code">Authentication code</label>')
    const boxes = html.match(/<div class="otp-boxes" aria-hidden="true">((?:<span><\/span>)*)<\/div>/)
    expect(boxes?.[1]?.match(/<span>/g)).toHaveLength(6)
  })

  it("offers a recovery code its own text field, in a disclosure that needs no script", () => {
    const html = page()
    expect(html).toMatch(/<details class="more" id="two-factor-recovery">\s*<summary>Use a recovery code<\/summary>/)
    const field = html.match(/<input id="two-factor-recovery-code"[^>]*>/)?.[0] ?? ""
    expect(field).toContain('name="code"')
    expect(field).not.toContain("inputmode=")
    expect(html).toContain(">Confirm with recovery code</button>")
  })

  it("opens the recovery code's disclosure when authenticator codes are paused", () => {
    expect(page(TWO_FACTOR_CODES_PAUSED)).toContain('<details class="more" id="two-factor-recovery" open>')
  })

  it("marks the boxes invalid with the field after a wrong code", () => {
    expect(page("InvalidTwoFactorCode")).toContain('<div class="otp otp-invalid" data-otp>')
    expect(page()).toContain('<div class="otp" data-otp>')
  })

  it("carries the enhancement script, and its headers allow exactly that script", () => {
    const rendered = renderTwoFactorPage({ action: `${BASE}/two-factor`, csrfToken: "t", callbackUrl: "/", signInUrl: `${BASE}/signin`, theme: light })
    expect(rendered.html).toContain(`<script>${ENHANCE_SCRIPT}</script>`)
    expect(pageHeaders(rendered)["Content-Security-Policy"]).toContain(`script-src ${ENHANCE_SCRIPT_HASH}`)
    expect(rendered.html.match(/<script>/g)).toHaveLength(1)
  })

  it("uses the same boxes for the code that turns two-factor on", () => {
    const html = renderTwoFactorEnrolPage({
      action: `${BASE}/two-factor`,
      csrfToken: "t",
      callbackUrl: "/",
      signInUrl: `${BASE}/signin`,
      theme: light,
      qrSvg: "<svg></svg>",
      secret: "SECRET",
      uri: "otpauth://totp/x?secret=SECRET",
      sealedSecret: "sealed",
    }).html
    expect(html).toMatch(/<div class="otp" data-otp>[\s\S]*<input id="two-factor-code"[^>]* autocomplete="one-time-code"/)
    expect(html).not.toContain("two-factor-recovery")
  })
})
