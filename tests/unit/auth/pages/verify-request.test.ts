import { describe, expect, it } from "vitest"

import { renderVerifyRequestPage } from "@/lib/auth/pages"
import { ORIGIN, light, expectNoOutsideReferences } from "./fixtures"

describe("verify-request page", () => {
  it("tells the user to check their email and links home", () => {
    const page = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light })
    expect(page.status).toBe(200)
    expect(page.html).toContain("<h1>Check your email</h1>")
    expect(page.html).toContain("A sign in link has been sent to your email address.")
    expect(page.html).toContain(`<a href="${ORIGIN}">Go to localhost:3000</a>`)
    expectNoOutsideReferences(page.html, [ORIGIN])
  })

  it("handles a relative home URL", () => {
    expect(renderVerifyRequestPage({ homeUrl: "/", theme: light }).html).toContain('<a href="/">Go to the home page</a>')
  })
})
