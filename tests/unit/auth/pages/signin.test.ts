import { describe, expect, it } from "vitest"

import { escapeHtml, renderSignInPage, type PageProvider, type SignInPageParams } from "@/lib/auth/pages"
import { withoutPasskeyScript, ORIGIN, light, provider, github, google, email, credentials, passkey, allProviders, signIn, formContaining, absoluteUrls, expectNoOutsideReferences } from "./fixtures"

describe("sign-in page", () => {
  it("renders an OAuth/OIDC button form posting to the provider's signinUrl", () => {
    const { status, html } = signIn()
    expect(status).toBe(200)
    for (const p of [github, google]) {
      const form = formContaining(html, `action="${p.signinUrl}"`)
      expect(form).toContain('method="post"')
      expect(form).toContain('<input type="hidden" name="csrfToken" value="csrf-123">')
      expect(form).toContain(`<input type="hidden" name="callbackUrl" value="${ORIGIN}/dashboard">`)
      expect(form).toMatch(new RegExp(`<button type="submit"[^>]*>[\\s\\S]*Sign in with ${p.name}[\\s\\S]*</button>`))
      expect(form).toContain("<svg")
    }
  })

  it("renders the email form with a labelled, prefilled, required email input", () => {
    const { html } = signIn({ email: "ada@example.com" })
    // Shared with the passkey (see tests/unit/auth/pages/signin.shared-email.test.ts): the form posts to the email provider.
    const form = formContaining(html, `action="${email.signinUrl}"`)
    expect(form).toContain('<input type="hidden" name="csrfToken" value="csrf-123">')
    expect(form).toContain(`<input type="hidden" name="callbackUrl" value="${ORIGIN}/dashboard">`)
    const input = /<input id="([^"]+)" type="email" name="email"[^>]*>/.exec(form)
    expect(input).not.toBeNull()
    expect(input?.[0]).toContain('value="ada@example.com"')
    expect(input?.[0]).toContain('autocomplete="email"')
    expect(input?.[0]).toMatch(/ required[ >]/)
    expect(form).toContain(`<label for="${input?.[1]}">Email address</label>`)
    expect(form).toMatch(/<button type="submit"[^>]*>Sign in with Email<\/button>/)
  })

  it("posts the credentials form to the provider callbackUrl with the return URL hidden", () => {
    const { html } = signIn()
    const form = formContaining(html, `action="${credentials.callbackUrl}"`)
    expect(form).toContain('<input type="hidden" name="csrfToken" value="csrf-123">')
    expect(form).toContain(`<input type="hidden" name="callbackUrl" value="${ORIGIN}/dashboard">`)
    // A password input sits in its own wrapper beside the show-password button.
    const inputs = [...form.matchAll(/<label for="([^"]+)">([^<]*)<\/label>(?:<\/div>\s*<div class="password-input">)?\s*<input id="([^"]+)" type="([^"]+)" name="([^"]+)"([^>]*)>/g)]
    expect(inputs.map((m) => [m[2], m[4], m[5]])).toEqual([
      ["Username", "text", "username"],
      ["Password", "password", "password"],
      ["pin", "text", "pin"],
    ])
    for (const m of inputs) expect(m[1]).toBe(m[3])
    expect(inputs[0]?.[6]).toContain('autocomplete="username"')
    expect(inputs[0]?.[6]).toContain(" required")
    expect(inputs[1]?.[6]).toContain('autocomplete="current-password"')
    expect(inputs[1]?.[6]).toContain('placeholder="••••"')
    expect(form).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/)
  })

  it("copies only harmless extra attributes from a credential definition", () => {
    const risky = provider("credentials", "Credentials", "credentials", {
      credentials: {
        code: {
          label: "Code",
          type: "javascript",
          inputmode: "numeric",
          maxlength: 6,
          "data-kind": "otp",
          onfocus: "alert(1)",
          formaction: "https://evil.test/",
          style: "background:url(//evil.test)",
          autofocus: false,
          name: "other",
          id: "x",
          nested: { a: 1 },
        },
      },
    })
    const { html } = renderSignInPage({ providers: [risky], csrfToken: "t", callbackUrl: "/", theme: light })
    const input = /<input id="[^"]+" type="[^"]+" name="code"[^>]*>/.exec(html)?.[0] ?? ""
    expect(input).toContain('type="text"')
    expect(input).toContain('inputmode="numeric"')
    expect(input).toContain('maxlength="6"')
    expect(input).toContain('data-kind="otp"')
    expect(input).not.toMatch(/onfocus|formaction|style=|evil|nested|name="other"|id="x"/)
  })

  it("renders the WebAuthn form by id with data-form-field inputs and only the passkey script", () => {
    // Alone, a WebAuthn provider has a form of its own; its inputs are the ones the script reads.
    const { html } = signIn({ providers: [github, passkey] })
    const form = formContaining(html, 'id="passkey-form"')
    expect(form).toContain(`action="${passkey.callbackUrl}"`)
    expect(form).toContain('<input type="hidden" name="csrfToken" value="csrf-123">')
    const input = /<input id="([^"]+)" type="email" name="email" data-form-field[^>]*>/.exec(form)
    expect(input?.[0]).toContain('autocomplete="username webauthn"')
    expect(form).toContain(`<label for="${input?.[1]}">Email address</label>`)
    expect(form).toContain('data-webauthn-provider="passkey"')
    expect(form).toMatch(/<button type="submit"[^>]*data-webauthn-submit[^>]*>Sign in with a passkey<\/button>/)
    expect(withoutPasskeyScript(html)).not.toMatch(/<script/i)
    expect(html.match(/<script/g)).toHaveLength(1)
  })

  it("leaves out credentials without fields and webauthn without form fields", () => {
    const { html } = renderSignInPage({
      providers: [provider("credentials", "Credentials", "credentials"), provider("passkey", "Passkey", "webauthn"), github],
      csrfToken: "t",
      callbackUrl: "/",
      theme: light,
    })
    expect(html.match(/<form\b/g)).toHaveLength(1)
    expect(html).not.toContain("Sign in with Credentials")
    expect(html).not.toContain("Sign in with a passkey")
  })

  it("puts a separator between groups and none inside the OAuth group", () => {
    expect(signIn().html.match(/class="divider"/g)).toHaveLength(2) // oauth | email + webauthn (one form) | credentials
    expect(signIn({ providers: [github, google] }).html).not.toContain('class="divider"')
    expect(signIn({ providers: [github, email, google] }).html.match(/class="divider"/g)).toHaveLength(2)
  })

  it("labels every visible input and autofocuses only the first one", () => {
    const html = withoutPasskeyScript(signIn().html)
    const inputs = (html.match(/<input\b[^>]*>/g) ?? []).filter((i) => !i.includes('type="hidden"'))
    expect(inputs).toHaveLength(4) // one Email field shared by the email link and the passkey
    for (const input of inputs) {
      const id = /id="([^"]+)"/.exec(input)?.[1]
      expect(id).toBeDefined()
      expect(html).toContain(`<label for="${id}">`)
    }
    const ids = inputs.map((i) => /id="([^"]+)"/.exec(i)?.[1])
    expect(new Set(ids).size).toBe(ids.length)
    expect(html.match(/ autofocus/g)).toHaveLength(1)
    expect(inputs[0]).toContain(" autofocus")
  })

  it.each([
    ["CredentialsSignin", "Sign in failed. Check the details you provided are correct."],
    ["OAuthAccountNotLinked", "This email address is already used with another sign-in method. Sign in the way you did before to confirm it is you."],
    ["OAuthCallbackError", "Sign in did not complete. Try again, or use a different account."],
    ["OAuthSignin", "Sign in did not complete. Try again, or use a different account."],
    ["OAuthCallback", "Sign in did not complete. Try again, or use a different account."],
    ["OAuthCreateAccount", "Sign in did not complete. Try again, or use a different account."],
    ["EmailCreateAccount", "Sign in did not complete. Try again, or use a different account."],
    ["Callback", "Sign in did not complete. Try again, or use a different account."],
    ["Signin", "Sign in did not complete. Try again, or use a different account."],
    ["EmailSignin", "We could not send the sign-in email. Try again in a moment."],
    ["SessionRequired", "You need to sign in to see this page."],
    ["MissingCSRF", "This form has expired. Reload the page and try again."],
    ["AccountNotLinked", "This sign-in method belongs to a different account. Sign in the way you did before to confirm it is you."],
    ["SomethingElse", "Something went wrong while signing you in. Please try again."],
    ["constructor", "Something went wrong while signing you in. Please try again."],
    ["__proto__", "Something went wrong while signing you in. Please try again."],
    ["toString", "Something went wrong while signing you in. Please try again."],
  ])("shows the message for error=%s in an alert", (error, message) => {
    const { html } = signIn({ error })
    expect(html).toContain(`<div class="alert" role="alert">${escapeHtml(message)}</div>`)
    expect(html.match(/role="alert"/g)).toHaveLength(1)
  })

  it("never echoes the error or code query values", () => {
    const error = "Visit evil.test and enter your password"
    const { html } = signIn({ error, code: "call-0800-SCAM" })
    expect(html).toContain('role="alert"')
    expect(html).not.toContain("evil.test")
    expect(html).not.toContain("0800")
  })

  it("shows no alert without an error", () => {
    expect(signIn().html).not.toContain('role="alert"')
    expect(signIn({ error: "" }).html).not.toContain('role="alert"')
  })

  it("drops providers whose form action would be unsafe", () => {
    const evil = provider("evil", "Evil", "oauth", { signinUrl: "javascript:alert(1)" })
    const offsite = provider("offsite", "Offsite", "oauth", { signinUrl: "//evil.test/signin" })
    const { html } = renderSignInPage({ providers: [evil, offsite, github], csrfToken: "t", callbackUrl: "/", theme: light })
    expect(html).not.toContain("javascript:")
    expect(html).not.toContain("evil.test")
    expect(html.match(/<form\b/g)).toHaveLength(1)
  })

  it("uses built-in icons, a provider style.logo, or a letter fallback", () => {
    const ids = ["github", "google", "gitlab", "discord", "apple", "microsoft-entra-id", "keycloak", "twitter", "vk", "yandex"]
    const { html } = renderSignInPage({
      providers: ids.map((id) => provider(id, id, "oauth")),
      csrfToken: "t",
      callbackUrl: "/",
      theme: light,
    })
    expect(html.match(/<svg class="icon"/g)).toHaveLength(ids.length)

    const custom = renderSignInPage({
      providers: [
        provider("acme", "acme SSO", "oidc", { style: { brandColor: "#7c3aed" } }),
        provider("logo", "Logo Co", "oauth", { style: { logo: "https://idp.example.com/logo.svg" } }),
        provider("badlogo", "Bad", "oauth", { style: { logo: "javascript:alert(1)", bg: "expression(x)" } }),
      ],
      csrfToken: "t",
      callbackUrl: "/",
      theme: light,
    }).html
    expect(formContaining(custom, "/signin/acme")).toMatch(/fill="#7c3aed"\/><text[^>]*>A<\/text>/)
    expect(formContaining(custom, "/signin/logo")).toContain('<img class="icon" src="https://idp.example.com/logo.svg" alt=""')
    const bad = formContaining(custom, "/signin/badlogo")
    expect(bad).toMatch(/fill="#52525b"\/><text[^>]*>B<\/text>/)
    expect(bad).not.toMatch(/javascript|expression/)
  })

  it("references no host other than the URLs passed in", () => {
    const logoUrl = "https://idp.example.com/logo.svg"
    const providers = [...allProviders, provider("logo", "Logo", "oauth", { style: { logo: logoUrl } })]
    const { html } = signIn({ providers, theme: { colorScheme: "auto", logo: "https://cdn.example.com/brand.png" } })
    const passedIn = [...providers.flatMap((p) => [p.signinUrl, p.callbackUrl]), `${ORIGIN}/dashboard`, logoUrl, "https://cdn.example.com/brand.png"]
    expect(absoluteUrls(html).length).toBeGreaterThan(0)
    expectNoOutsideReferences(html, passedIn)
  })
})

describe("sign-in page form", () => {
  const password: PageProvider = provider("credentials", "Email and password", "credentials", {
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "email", required: true },
      password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
    },
  })
  const page = (overrides: Partial<SignInPageParams> = {}) =>
    renderSignInPage({ providers: [password], csrfToken: "csrf", callbackUrl: `${ORIGIN}/dashboard`, theme: { colorScheme: "auto" }, ...overrides }).html

  it('words the button "Sign in" when the credentials form is the only form', () => {
    expect(page()).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/)
  })

  it('keeps "Sign in" beside the email-link form, whose own button names it', () => {
    const emailLink: PageProvider = { id: "email", name: "Email", type: "email", signinUrl: `${ORIGIN}/api/auth/signin/email`, callbackUrl: "" }
    const html = page({ providers: [emailLink, password] })
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/)
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in with Email<\/button>/)
  })

  it("names each credentials provider when there are several", () => {
    const staff: PageProvider = { ...password, id: "staff", name: "Staff login", signinUrl: `${ORIGIN}/api/auth/signin/staff` }
    const html = page({ providers: [password, staff] })
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in with Email and password<\/button>/)
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in with Staff login<\/button>/)
  })

  it("puts a remembered email into the email field and the focus on the password", () => {
    const html = page({ email: "ada@example.com" })
    const emailInput = /<input [^>]*name="email"[^>]*>/.exec(html)![0]
    const passwordInput = /<input [^>]*name="password"[^>]*>/.exec(html)![0]
    expect(emailInput).toContain('value="ada@example.com"')
    expect(emailInput).not.toContain("autofocus")
    expect(passwordInput).toContain("autofocus")
    expect(passwordInput).not.toContain("value=")
  })
})
