/**
 * The second step's page after a wrong code: the problem is said once (the
 * alert, which already says what to enter), and the field is tied to it.
 */
import { describe, expect, it } from "vitest"

import { renderTwoFactorPage } from "@/lib/auth/pages/two-factor"
import { BASE, light } from "./fixtures"

const page = (error?: string) =>
  renderTwoFactorPage({ action: `${BASE}/two-factor`, csrfToken: "t", callbackUrl: "/", signInUrl: `${BASE}/signin`, theme: light, error }).html

describe("two-factor page", () => {
  it("asks for the code once when nothing went wrong", () => {
    const html = page()
    expect(html).toContain("Enter the code from your authenticator app, or one of your recovery codes.")
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
})
