/**
 * Every value a page shows or links to is escaped: hostile provider names,
 * fields, URLs and theme values render inert.
 */
import { describe, expect, it } from "vitest"

import { escapeHtml, renderErrorPage, renderSignInPage, renderSignOutPage, renderVerifyRequestPage } from "@/lib/auth/pages"
import { withoutPasskeyScript, ORIGIN, BASE, light, provider } from "./fixtures"

describe("escapeHtml", () => {
  it("escapes the characters that matter in text and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
  })
})

describe("XSS", () => {
  const X = `"><script>alert(1)</script><img src=x onerror=alert(2)>`
  const ESCAPED = escapeHtml(X)
  // URLs with raw whitespace are refused outright, so URL fields get a payload without any.
  const U = `"><script>alert(1)</script>`

  function expectInert(page: string): void {
    const html = withoutPasskeyScript(page)
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img src=x/i)
    // No tag gained an event-handler attribute: look at attribute names only,
    // with quoted values (where escaped payload text legitimately sits) removed.
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
      expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]+\s*=/i)
    }
  }

  it("escapes every sign-in page input", () => {
    const hostile = provider(`gh${X}`, `Git${X}`, "oauth", {
      signinUrl: `${BASE}/signin/gh?x=${U}`,
      style: { logo: `https://idp.example.com/${X}`, brandColor: X, bg: X },
    })
    const hostileCreds = provider("credentials", `C${X}`, "credentials", {
      callbackUrl: `${BASE}/callback/credentials?${U}`,
      credentials: { [`user${X}`]: { label: `Label${X}`, placeholder: X, autocomplete: X } },
    })
    const hostilePasskey = provider(`pk${X}`, `P${X}`, "webauthn", { callbackUrl: `${BASE}/callback/passkey`, formFields: { [`f${X}`]: { label: X } } })
    const hostileEmail = provider("email", `E${X}`, "email")
    // Count proves no provider was silently dropped, so every escape below was exercised.
    const { html } = renderSignInPage({
      providers: [provider(`zz${X}`, `Z${X}`, "oauth", { signinUrl: `${BASE}/signin/zz` }), hostile, hostileEmail, hostileCreds, hostilePasskey],
      csrfToken: `tok${X}`,
      callbackUrl: `${ORIGIN}/${X}`,
      email: `a@b.c${X}`,
      error: X,
      code: X,
      theme: { colorScheme: "light", logo: `https://cdn.example.com/${X}`, brandColor: X, buttonText: X },
    })
    expectInert(html)
    expect(html.match(/<form\b/g)).toHaveLength(5)
    expect(html).toContain(`value="tok${ESCAPED}"`)
    expect(html).toContain(`value="${ORIGIN}/${ESCAPED}"`)
    expect(html).toContain(`value="a@b.c${ESCAPED}"`)
    expect(html).toContain(`Sign in with Git${ESCAPED}`)
    expect(html).toContain(`action="${BASE}/signin/gh?x=${escapeHtml(U)}"`)
    expect(html).toContain(`action="${BASE}/callback/credentials?${escapeHtml(U)}"`)
    expect(html).toContain(`id="pk${ESCAPED}-form"`)
    expect(html).toContain(`<label for="signin-3-0">Label${ESCAPED}</label>`)
    expect(html).toContain(`name="user${ESCAPED}"`)
    expect(html).toContain(`>Z</text>`) // fallback letter mark, from the escaped name
    expect(html).not.toContain(ESCAPED + "</div>") // error value is not echoed
  })

  it("escapes the sign-out, error and verify-request pages", () => {
    expectInert(renderSignOutPage({ csrfToken: X, action: `${BASE}/signout?${U}`, callbackUrl: X, theme: { colorScheme: "dark", logo: X } }).html)
    const signOut = renderSignOutPage({ csrfToken: X, action: `/signout?${U}`, callbackUrl: X, theme: light }).html
    expect(signOut).toContain(`action="/signout?${escapeHtml(U)}"`)
    expect(signOut).toContain(`name="callbackUrl" value="${ESCAPED}"`)
    for (const error of [X, "AccessDenied", "Configuration"]) {
      const page = renderErrorPage({ error, signinUrl: `/signin?${U}`, homeUrl: `${ORIGIN}/${U}`, theme: light }).html
      expectInert(page)
      expect(page).toContain(error === "AccessDenied" ? `href="/signin?${escapeHtml(U)}"` : `href="${ORIGIN}/${escapeHtml(U)}"`)
    }
    const verify = renderVerifyRequestPage({ homeUrl: `${ORIGIN}/${U}`, theme: { colorScheme: "auto", brandColor: X } }).html
    expectInert(verify)
    expect(verify).toContain(`href="${ORIGIN}/${escapeHtml(U)}"`)
  })

  it("refuses javascript: URLs in links and actions", () => {
    const signOut = renderSignOutPage({ csrfToken: "t", action: "javascript:alert(1)", theme: light }).html
    expect(signOut).toContain('action=""')
    for (const error of ["AccessDenied", "Configuration"]) {
      const page = renderErrorPage({ error, signinUrl: "javascript:alert(1)", homeUrl: "javascript:alert(2)", theme: light }).html
      expect(page).not.toContain("javascript:")
      expect(page).toContain('href="/"')
    }
    expect(renderVerifyRequestPage({ homeUrl: "JaVaScRiPt:alert(1)", theme: light }).html).not.toMatch(/javascript:/i)
  })
})
