/**
 * `theme.name` and `theme.logo` make the built-in pages part of the product:
 * the header bar every app page has, tab titles "<Page> · <Name>", and the
 * way home named after the product instead of its host. The name is text,
 * escaped like every other value.
 */
import { describe, expect, it } from "vitest"

import { renderErrorPage, renderReauthenticatePage, renderSignOutPage, renderVerifyRequestPage, type PageTheme } from "@/lib/auth/pages"
import { renderTwoFactorPage } from "@/lib/auth/pages/two-factor"
import { BASE, ORIGIN, signIn, titleOf } from "./fixtures"

const branded: PageTheme = { colorScheme: "light", name: "Acme Cloud", logo: "/logo.svg" }

describe("a theme with the product's name", () => {
  it.each([
    ["Sign in · Acme Cloud", signIn({ theme: branded })],
    ["Sign out · Acme Cloud", renderSignOutPage({ csrfToken: "t", action: `${BASE}/signout`, theme: branded })],
    ["Check your email · Acme Cloud", renderVerifyRequestPage({ homeUrl: ORIGIN, theme: branded })],
    ["Unable to sign in · Acme Cloud", renderErrorPage({ error: "Verification", signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: branded })],
    [
      "Two-factor authentication · Acme Cloud",
      renderTwoFactorPage({ action: `${BASE}/two-factor`, csrfToken: "t", callbackUrl: "/", signInUrl: `${BASE}/signin`, theme: branded }),
    ],
  ])("titles the tab %s and shows the name and logo in a header linking home", (title, page) => {
    expect(titleOf(page.html)).toBe(title)
    expect(page.html).toContain('<header class="site-header"><div class="site-header-inner"><a class="brand" href="/"><img class="logo" src="/logo.svg" alt=""><span>Acme Cloud</span></a></div></header>')
    // The logo is in the header only, decorative next to the written name.
    expect(page.html.match(/<img class="logo"/g)).toHaveLength(1)
  })

  it("names the way home after the product", () => {
    expect(renderVerifyRequestPage({ homeUrl: ORIGIN, theme: branded }).html).toContain(`<a href="${ORIGIN}">Go to Acme Cloud</a>`)
    expect(renderErrorPage({ signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: branded }).html).toContain(`<a href="${ORIGIN}">Go to Acme Cloud</a>`)
  })

  it("escapes the name and ignores a blank one", () => {
    const hostile = renderSignOutPage({ csrfToken: "t", action: "/signout", theme: { colorScheme: "light", name: "</title><script>x()</script>" } }).html
    expect(hostile).not.toContain("<script>x()")
    expect(hostile).toContain("&lt;/title&gt;&lt;script&gt;")
    const blank = renderSignOutPage({ csrfToken: "t", action: "/signout", theme: { colorScheme: "light", name: "   " } }).html
    expect(titleOf(blank)).toBe("Sign out")
    expect(blank).not.toContain(`class="site-header"`)
  })

  it("without a name keeps the host and the logo above the card", () => {
    const page = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: { colorScheme: "light", logo: "/logo.svg" } }).html
    expect(page).not.toContain('class="site-header"')
    expect(page).toContain('<img class="logo" src="/logo.svg" alt="Logo">')
    expect(page).toContain("Go to localhost:3000")
  })
})

describe("re-authenticate offers one way first", () => {
  const base = {
    actionUrl: `${BASE}/reauthenticate`,
    csrfToken: "t",
    callbackUrl: "/settings",
    email: "ada@example.com",
    theme: { colorScheme: "light" } as PageTheme,
  }
  const everything = {
    ...base,
    password: true,
    code: true,
    passkey: { providerId: "passkey", basePath: "/api/auth" },
    emailLink: { signinUrl: `${BASE}/signin/nodemailer` },
  }
  /** The forms before the disclosure, and the ones inside it. */
  function split(html: string): { lead: string; others: string } {
    const at = html.indexOf('<details class="more">')
    return at < 0 ? { lead: html, others: "" } : { lead: html.slice(0, at), others: html.slice(at) }
  }

  it("leads with a passkey, the strongest, and keeps the rest behind “Use another method”", () => {
    const { lead, others } = split(renderReauthenticatePage(everything).html)
    expect(lead).toMatch(/class="button button-primary" data-webauthn-submit>Confirm with a passkey</)
    expect(lead).not.toContain('name="password"')
    expect(others).toContain("<summary>Use another method</summary>")
    expect(others).toContain("Confirm with password and code")
    expect(others).toContain("Email me a sign-in link")
    // One filled button on the page: the lead's.
    expect(renderReauthenticatePage(everything).html.match(/class="button button-primary"/g)).toHaveLength(1)
  })

  it("leads with the password and code without a passkey, then the password alone, then the email link", () => {
    expect(split(renderReauthenticatePage({ ...everything, passkey: undefined }).html).lead).toContain("Confirm with password and code")
    expect(split(renderReauthenticatePage({ ...everything, passkey: undefined, code: false }).html).lead).toContain("Confirm with password")
    const linkOnly = renderReauthenticatePage({ ...base, password: false, code: false, emailLink: everything.emailLink }).html
    expect(linkOnly).toContain("Email me a sign-in link")
    expect(linkOnly).not.toContain("<details")
  })

  it("puts the password form first again after a wrong password, so the retry is not hidden", () => {
    const { lead, others } = split(renderReauthenticatePage({ ...everything, error: "wrong_password_or_code" }).html)
    expect(lead).toContain("Confirm with password and code")
    expect(lead).toContain('role="alert"')
    expect(others).toContain("Confirm with a passkey")
  })
})
