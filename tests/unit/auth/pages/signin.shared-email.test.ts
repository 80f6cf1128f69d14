/**
 * The sign-in page's shared Email field: the password form, "Sign in with
 * email" and the passkey button are one form with one Email input, each
 * button posting to its own endpoint; setups where sharing makes no sense keep
 * a form per provider.
 */
import { describe, expect, it } from "vitest"
import { renderSignInPage, type PageProvider } from "@/lib/auth/pages"
import { withoutPasskeyScript } from "./fixtures"

const BASE = "http://localhost:3000/api/auth"

function provider(id: string, name: string, type: PageProvider["type"], extra: Partial<PageProvider> = {}): PageProvider {
  return { id, name, type, signinUrl: `${BASE}/signin/${id}`, callbackUrl: `${BASE}/callback/${id}`, ...extra }
}

// The starter's providers (auth.ts).
const password = provider("credentials", "Email and password", "credentials", {
  credentials: {
    email: { label: "Email", type: "email", autocomplete: "email", required: true },
    password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
  },
})
const emailLink = provider("nodemailer", "email", "email")
const passkey = provider("passkey", "Passkey", "webauthn", {
  formFields: { email: { label: "Email", type: "email", required: false, autocomplete: "username webauthn" } },
  conditionalUI: true,
})
const oidc = provider("oidc", "Test IdP", "oidc")

function render(providers: PageProvider[], email?: string): string {
  return renderSignInPage({ providers, csrfToken: "csrf", callbackUrl: "/dashboard", email, theme: { colorScheme: "auto" } }).html
}

const forms = (html: string) => html.match(/<form\b[\s\S]*?<\/form>/g) ?? []
const visibleInputs = (html: string) => (html.match(/<input\b[^>]*>/g) ?? []).filter((i) => !i.includes('type="hidden"'))
const buttons = (form: string) => form.match(/<button\b[^>]*>[^<]*<\/button>/g) ?? []

describe("sign-in page: one Email field for password, email link and passkey", () => {
  it("shows a single Email field and one form holding the three ways in, the password button first", () => {
    const html = render([password, emailLink, passkey, oidc])
    const emailInputs = visibleInputs(html).filter((i) => i.includes('type="email"'))
    expect(emailInputs).toHaveLength(1)
    expect(html.match(/>Email<\/label>/g)).toHaveLength(1)
    expect(forms(html)).toHaveLength(2) // the shared form and the OIDC button
    const shared = forms(html).find((f) => f.includes("data-shared-email-form")) ?? ""
    expect(shared).toContain(`action="${password.callbackUrl}"`)
    expect(shared).toMatch(/<input id="[^"]+" type="password" name="password"[^>]* required/)
    const [signIn, withEmail, withPasskey, ...rest] = buttons(shared)
    expect(rest).toEqual([])
    // Enter in a field presses the first submit button: the password sign-in.
    expect(signIn).toMatch(/^<button type="submit" class="button button-primary">Sign in<\/button>$/)
    expect(withEmail).toContain(`formaction="${emailLink.signinUrl}"`)
    expect(withEmail).toContain(" formnovalidate")
    expect(withEmail).toContain(">Sign in with email<")
    expect(withPasskey).toContain(`formaction="${passkey.callbackUrl}"`)
    expect(withPasskey).toContain(" data-webauthn-submit")
    // Without the page script a passkey cannot work, so its button starts hidden.
    expect(withPasskey).toContain(" hidden")
    expect(shared).toContain('data-webauthn-provider="passkey"')
    expect(shared).toContain(" data-conditional-ui")
    // Passkeys offered in the field's autofill need the webauthn token.
    expect(emailInputs[0]).toContain('autocomplete="username webauthn"')
    expect(emailInputs[0]).toContain('name="email"')
    expect(emailInputs[0]).toMatch(/ required[ >]/)
  })

  it("puts the cursor in the Email field, or in the password once the address is known", () => {
    const fresh = visibleInputs(render([password, emailLink, passkey]))
    expect(fresh.filter((i) => i.includes(" autofocus"))).toEqual([fresh[0]])
    const retry = visibleInputs(render([password, emailLink, passkey], "ada@example.com"))
    expect(retry[0]).toContain('value="ada@example.com"')
    expect(retry.filter((i) => i.includes(" autofocus"))).toHaveLength(1)
    expect(retry[1]).toContain('type="password"')
    expect(retry[1]).toContain(" autofocus")
  })

  it("without a password form, the email link is the primary button and the browser checks the address", () => {
    const html = render([emailLink, passkey])
    expect(forms(html)).toHaveLength(1)
    const [withEmail, withPasskey] = buttons(forms(html)[0] ?? "")
    expect(withEmail).toContain("button-primary")
    expect(withEmail).not.toContain("formnovalidate")
    expect(withPasskey).toContain("formnovalidate") // the passkey's email is optional
    expect(html).not.toContain('class="divider"')
  })

  it("shares between the password form and the email link when there is no passkey (no passkey script on the page)", () => {
    const html = render([password, emailLink])
    expect(forms(html)).toHaveLength(1)
    expect(visibleInputs(html).filter((i) => i.includes('type="email"'))).toHaveLength(1)
    expect(withoutPasskeyScript(html)).not.toContain("<script")
  })

  it("keeps a form per provider where one field cannot serve them all", () => {
    const twoPasswords = render([password, { ...password, id: "staff", name: "Staff" }, emailLink])
    expect(forms(twoPasswords)).toHaveLength(3)
    const username = provider("credentials", "Username", "credentials", { credentials: { username: { label: "Username" }, password: { type: "password" } } })
    expect(forms(render([username, emailLink]))).toHaveLength(2)
    const named = provider("passkey", "Passkey", "webauthn", { formFields: { email: { type: "email" }, name: { label: "Name" } } })
    expect(forms(render([password, named]))).toHaveLength(2)
    // One provider alone keeps its own form.
    expect(render([password])).not.toContain("data-shared-email-form")
  })
})
