import { describe, expect, it } from "vitest"

import { renderSignOutPage } from "@/lib/auth/pages"
import { ORIGIN, BASE, light, formContaining, expectNoOutsideReferences } from "./fixtures"

describe("sign-out page", () => {
  it("asks for confirmation and posts the CSRF token to the action URL", () => {
    const page = renderSignOutPage({ csrfToken: "csrf-9", action: `${BASE}/signout`, callbackUrl: `${ORIGIN}/bye`, theme: light })
    expect(page.status).toBe(200)
    expect(page.html).toContain("<h1>Sign out</h1>")
    expect(page.html).toContain("Are you sure you want to sign out?")
    const form = formContaining(page.html, `action="${BASE}/signout"`)
    expect(form).toContain('method="post"')
    expect(form).toContain('<input type="hidden" name="csrfToken" value="csrf-9">')
    expect(form).toContain(`<input type="hidden" name="callbackUrl" value="${ORIGIN}/bye">`)
    expect(form).toMatch(/<button type="submit"[^>]*>Sign out<\/button>/)
    expectNoOutsideReferences(page.html, [`${BASE}/signout`, `${ORIGIN}/bye`])
  })

  it("omits callbackUrl when none is given", () => {
    expect(renderSignOutPage({ csrfToken: "t", action: "/api/auth/signout", theme: light }).html).not.toContain('name="callbackUrl"')
  })
})
