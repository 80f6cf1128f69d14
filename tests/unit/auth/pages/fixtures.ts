/**
 * What the page tests share: providers of each type under one base URL, the
 * sign-in page with all of them, and the checks every rendered page must pass.
 */
import { ENHANCE_SCRIPT } from "@/lib/auth/pages/enhance-script"
import { expect } from "vitest"

import { renderSignInPage, type PageProvider, type PageTheme, type RenderedPage } from "@/lib/auth/pages"
import { WEBAUTHN_PAGE_SCRIPT } from "@/lib/auth/pages/webauthn-script.generated"

/** The one script a page may carry: the sign-in page's own passkey script. Removed before looking for injected ones. */
/** The page without its own two known scripts (passkeys; show password and resend countdown): whatever is left is foreign. */
export function withoutPasskeyScript(html: string): string {
  return html.replace(`<script>${WEBAUTHN_PAGE_SCRIPT}</script>`, "").replace(`<script>${ENHANCE_SCRIPT}</script>`, "")
}

export const ORIGIN = "http://localhost:3000"
export const BASE = `${ORIGIN}/api/auth`
export const light: PageTheme = { colorScheme: "light" }

export function provider(id: string, name: string, type: PageProvider["type"], extra: Partial<PageProvider> = {}): PageProvider {
  return { id, name, type, signinUrl: `${BASE}/signin/${id}`, callbackUrl: `${BASE}/callback/${id}`, ...extra }
}

export const github = provider("github", "GitHub", "oauth")
export const google = provider("google", "Google", "oidc")
export const email = provider("nodemailer", "Email", "email")
export const credentials = provider("credentials", "Credentials", "credentials", {
  credentials: {
    username: { label: "Username", autocomplete: "username", required: true },
    password: { label: "Password", type: "password", autocomplete: "current-password", required: true, placeholder: "••••" },
    pin: {},
  },
})
export const passkey = provider("passkey", "Passkey", "webauthn", {
  formFields: { email: { label: "Email address", type: "email", required: true, autocomplete: "username webauthn" } },
})
export const allProviders = [github, google, email, credentials, passkey]

export function signIn(extra: Partial<Parameters<typeof renderSignInPage>[0]> = {}): RenderedPage {
  return renderSignInPage({ providers: allProviders, csrfToken: "csrf-123", callbackUrl: `${ORIGIN}/dashboard`, theme: light, ...extra })
}

/** The `<form ...>...</form>` whose opening tag contains `marker`. */
export function formContaining(html: string, marker: string): string {
  const forms = html.match(/<form\b[\s\S]*?<\/form>/g) ?? []
  const found = forms.filter((f) => f.includes(marker))
  expect(found, `exactly one form containing ${marker}`).toHaveLength(1)
  return found[0] as string
}

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]
}

/** Every absolute http(s) URL anywhere in the document. */
export function absoluteUrls(html: string): string[] {
  return html.match(/https?:\/\/[^\s"'<>)]+/g) ?? []
}

export function expectNoOutsideReferences(page: string, allowed: string[]): void {
  // The passkey script's own text (error messages naming its docs) loads nothing.
  const html = withoutPasskeyScript(page)
  for (const url of absoluteUrls(html)) expect(allowed, `unexpected URL ${url}`).toContain(url)
  expect(html).not.toMatch(/(?:src|href|action)="\/\//)
  expect(html).not.toMatch(/<script|<link|@import|url\(/i)
}
