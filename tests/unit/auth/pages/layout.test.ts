/**
 * The document every built-in page is rendered into: a complete HTML page
 * with the theme's colour scheme, colours and logo, and no script of its own.
 */
import { describe, expect, it } from "vitest"

import { renderErrorPage, renderSignOutPage, renderVerifyRequestPage } from "@/lib/auth/pages"
import { withoutPasskeyScript, ORIGIN, BASE, light, signIn, titleOf } from "./fixtures"

describe("document shell", () => {
  it.each([
    ["Sign in", signIn()],
    ["Sign out", renderSignOutPage({ csrfToken: "t", action: `${BASE}/signout`, theme: light })],
    ["Something went wrong", renderErrorPage({ signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: light })],
    ["Check your email", renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light })],
  ])("%s page is a complete document", (title, page) => {
    expect(page.html.startsWith("<!DOCTYPE html>")).toBe(true)
    expect(page.html).toContain('<html lang="en">')
    expect(page.html).toContain('<meta charset="utf-8">')
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(titleOf(page.html)).toBe(title)
    expect(page.html).toMatch(/<style>[\s\S]*--brand-color[\s\S]*<\/style>/)
    expect(withoutPasskeyScript(page.html)).not.toMatch(/<script/i)
  })

  it("puts the colour scheme on the body and follows prefers-color-scheme for auto", () => {
    for (const scheme of ["auto", "dark", "light"] as const) {
      const { html } = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: { colorScheme: scheme } })
      expect(html).toContain(`<body class="auth-theme-${scheme}">`)
    }
    const { html } = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: { colorScheme: "auto" } })
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\)\s*\{\s*body\.auth-theme-auto/)
    // A value outside the union (e.g. from untyped config) falls back to auto.
    const odd = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: { colorScheme: '"><b>' as "auto" } })
    expect(odd.html).toContain('<body class="auth-theme-auto">')
  })

  it("uses valid theme colours and drops invalid ones", () => {
    const good = signIn({ theme: { colorScheme: "light", brandColor: "#e11d48", buttonText: "rgb(0 0 0)" } })
    expect(good.html).toContain(":root { --brand-color: #e11d48; --button-text-color: rgb(0 0 0); }")
    const bad = signIn({ theme: { colorScheme: "light", brandColor: "red;}</style><script>alert(1)</script>", buttonText: "url(//evil.test/x)" } })
    expect(bad.html).toContain(":root { --brand-color: #2563eb; --button-text-color: #ffffff; }")
    expect(bad.html).not.toContain("evil.test")
    expect(withoutPasskeyScript(bad.html)).not.toMatch(/<script/i)
    expect(bad.html.match(/<\/style>/g)).toHaveLength(1)
  })

  it("renders the theme logo only for http(s), relative and data:image URLs", () => {
    const withLogo = (logo: string) => renderVerifyRequestPage({ homeUrl: ORIGIN, theme: { colorScheme: "light", logo } }).html
    expect(withLogo("https://cdn.example.com/logo.png")).toContain('<img class="logo" src="https://cdn.example.com/logo.png" alt="Logo">')
    expect(withLogo("/logo.svg")).toContain('<img class="logo" src="/logo.svg" alt="Logo">')
    expect(withLogo("data:image/png;base64,iVBORw0KGgo=")).toContain('src="data:image/png;base64,iVBORw0KGgo="')
    for (const bad of ["javascript:alert(1)", "java\tscript:alert(1)", "//evil.test/x.png", "data:text/html,<script>alert(1)</script>", "vbscript:x", " /x"]) {
      expect(withLogo(bad), bad).not.toContain("<img")
    }
  })
})
