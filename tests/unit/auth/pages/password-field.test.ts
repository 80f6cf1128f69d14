/**
 * Password fields on the built-in pages: "Forgot password?" beside the label
 * (from theme.forgotPasswordLink, URL-checked) and a show-password button that
 * only appears once the page's script runs, allowed by hash.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { renderSignInPage, renderReauthenticatePage } from "@/lib/auth/pages"
import { ENHANCE_SCRIPT, ENHANCE_SCRIPT_HASH, pageHeaders } from "@/lib/auth/pages/enhance-script"
import { htmlHeaders } from "@/lib/auth/http/response"
import { BASE, ORIGIN, light } from "./fixtures"

const credentials = {
  id: "credentials",
  name: "Password",
  type: "credentials" as const,
  signinUrl: `${BASE}/signin/credentials`,
  callbackUrl: `${BASE}/callback/credentials`,
  credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password", autocomplete: "current-password" } },
}

function signIn(forgotPasswordLink?: { label: string; href: string }) {
  return renderSignInPage({ providers: [credentials], csrfToken: "csrf", callbackUrl: `${ORIGIN}/`, theme: { ...light, forgotPasswordLink } })
}

describe("password fields on the built-in pages", () => {
  it("put the configured Forgot password? link beside the label", () => {
    const { html } = signIn({ label: "Forgot password?", href: "/forgot-password" })
    expect(html).toMatch(/<div class="label-row"><label for="[^"]+">Password<\/label><a class="field-link" href="\/forgot-password">Forgot password\?<\/a><\/div>/)
  })

  it("leave out a Forgot password? link whose URL fails the pages' check", () => {
    expect(signIn({ label: "Forgot password?", href: "javascript:alert(1)" }).html).not.toContain("Forgot password?")
    expect(signIn().html).not.toContain(`class="field-link"`)
  })

  it("carry a show-password toggle that starts hidden and unpressed, named by its content, controlling the input", () => {
    const { html } = signIn()
    const id = /<input id="([^"]+)" type="password"/.exec(html)?.[1]
    expect(id).toBeDefined()
    expect(html).toContain(`<button type="button" class="reveal" data-reveal aria-controls="${id}" aria-pressed="false" hidden>`)
    expect(html).toContain('<span class="visually-hidden">Show password</span></button>')
    // No aria-label: the field stays the only element labelled "Password".
    expect(html).not.toMatch(/aria-label="[^"]*password/i)
  })

  it("carry the enhancement script, allowed by its hash and nothing else", () => {
    const page = signIn()
    expect(page.html).toContain(`<script>${ENHANCE_SCRIPT}</script>`)
    expect(`'sha256-${createHash("sha256").update(ENHANCE_SCRIPT, "utf8").digest("base64")}'`).toBe(ENHANCE_SCRIPT_HASH)
    const csp = pageHeaders(page)["Content-Security-Policy"]
    expect(csp).toContain(`script-src ${ENHANCE_SCRIPT_HASH}`)
    expect(csp).not.toContain("unsafe-inline'; script")
    expect(htmlHeaders["Content-Security-Policy"]).not.toContain("script-src")
  })

  it("appear on Confirm it's you as well", () => {
    const page = renderReauthenticatePage({
      actionUrl: `${BASE}/reauthenticate`,
      csrfToken: "csrf",
      callbackUrl: "/settings",
      email: "ada@example.com",
      password: true,
      code: false,
      theme: { ...light, forgotPasswordLink: { label: "Forgot password?", href: "/forgot-password" } },
    })
    expect(page.html).toContain('<a class="field-link" href="/forgot-password">Forgot password?</a>')
    expect(page.html).toContain("data-reveal")
    expect(page.enhanced).toBe(true)
  })
})
