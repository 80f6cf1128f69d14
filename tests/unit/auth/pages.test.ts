import { existsSync } from "node:fs"

import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Browser, Page } from "@playwright/test"

import {
  cssColor,
  escapeHtml,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
  type PageProvider,
  type PageTheme,
  type RenderedPage,
} from "@/lib/auth/pages"
import { WEBAUTHN_PAGE_SCRIPT } from "@/lib/auth/pages/webauthn-script.generated"

/** The one script a page may carry: the sign-in page's own passkey script. Removed before looking for injected ones. */
function withoutPasskeyScript(html: string): string {
  return html.replace(`<script>${WEBAUTHN_PAGE_SCRIPT}</script>`, "")
}

const ORIGIN = "http://localhost:3000"
const BASE = `${ORIGIN}/api/auth`
const light: PageTheme = { colorScheme: "light" }

function provider(id: string, name: string, type: PageProvider["type"], extra: Partial<PageProvider> = {}): PageProvider {
  return { id, name, type, signinUrl: `${BASE}/signin/${id}`, callbackUrl: `${BASE}/callback/${id}`, ...extra }
}

const github = provider("github", "GitHub", "oauth")
const google = provider("google", "Google", "oidc")
const email = provider("nodemailer", "Email", "email")
const credentials = provider("credentials", "Credentials", "credentials", {
  credentials: {
    username: { label: "Username", autocomplete: "username", required: true },
    password: { label: "Password", type: "password", autocomplete: "current-password", required: true, placeholder: "••••" },
    pin: {},
  },
})
const passkey = provider("passkey", "Passkey", "webauthn", {
  formFields: { email: { label: "Email address", type: "email", required: true, autocomplete: "username webauthn" } },
})
const allProviders = [github, google, email, credentials, passkey]

function signIn(extra: Partial<Parameters<typeof renderSignInPage>[0]> = {}): RenderedPage {
  return renderSignInPage({ providers: allProviders, csrfToken: "csrf-123", callbackUrl: `${ORIGIN}/dashboard`, theme: light, ...extra })
}

/** The `<form ...>...</form>` whose opening tag contains `marker`. */
function formContaining(html: string, marker: string): string {
  const forms = html.match(/<form\b[\s\S]*?<\/form>/g) ?? []
  const found = forms.filter((f) => f.includes(marker))
  expect(found, `exactly one form containing ${marker}`).toHaveLength(1)
  return found[0] as string
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]
}

/** Every absolute http(s) URL anywhere in the document. */
function absoluteUrls(html: string): string[] {
  return html.match(/https?:\/\/[^\s"'<>)]+/g) ?? []
}

function expectNoOutsideReferences(page: string, allowed: string[]): void {
  // The passkey script's own text (error messages naming its docs) loads nothing.
  const html = withoutPasskeyScript(page)
  for (const url of absoluteUrls(html)) expect(allowed, `unexpected URL ${url}`).toContain(url)
  expect(html).not.toMatch(/(?:src|href|action)="\/\//)
  expect(html).not.toMatch(/<script|<link|@import|url\(/i)
}

describe("document shell", () => {
  it.each([
    ["Sign In", signIn()],
    ["Sign Out", renderSignOutPage({ csrfToken: "t", action: `${BASE}/signout`, theme: light })],
    ["Error", renderErrorPage({ signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: light })],
    ["Verify Request", renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light })],
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

describe("cssColor", () => {
  it.each([
    "#abc", "#ABCD", "#aabbcc", "#aabbcc80", "rgb(1 2 3)", "rgb(1, 2, 3)", "rgba(1,2,3,0.5)", "rgb(10% 20% 30% / 50%)",
    "hsl(200deg 50% 40% / .5)", "hsla(200, 50%, 40%, 1)", "oklch(0.6 0.2 250)", "lab(50 20 -30)", "red", "RebeccaPurple", "transparent",
  ])("accepts %s", (value) => {
    // Named colours come back lower-cased; everything else unchanged.
    expect(cssColor(value)).toBe(/^[a-z]+$/i.test(value) ? value.toLowerCase() : value)
  })

  it.each([
    "", "#ggg", "#abcde", "rgb(1,2)", "rgb(1 2 3 4 5)", "rgb(calc(1) 2 3)", "var(--x)", "url(x.png)", "expression(alert(1))",
    "notacolour", "red; background: url(//evil.test)", "red}</style><script>", "#fff;", "rgb(1 2 3);x:y", "a".repeat(80),
  ])("rejects %j", (value) => {
    expect(cssColor(value)).toBeUndefined()
  })

  it("rejects non-strings", () => {
    expect(cssColor(undefined)).toBeUndefined()
    expect(cssColor(0xffffff)).toBeUndefined()
    expect(cssColor({ toString: () => "red" })).toBeUndefined()
  })
})

describe("escapeHtml", () => {
  it("escapes the characters that matter in text and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
  })
})

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
    // Shared with the passkey (see tests/unit/auth/pages/signin-shared-email.test.ts): the form posts to the email provider.
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
    const inputs = [...form.matchAll(/<label for="([^"]+)">([^<]*)<\/label>\s*<input id="([^"]+)" type="([^"]+)" name="([^"]+)"([^>]*)>/g)]
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
    expect(form).toMatch(/<button type="submit"[^>]*data-webauthn-submit[^>]*>Sign in with Passkey<\/button>/)
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
    expect(html).not.toContain("Sign in with Passkey")
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

describe("error page", () => {
  const render = (error?: string) => renderErrorPage({ error, signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: light })

  it.each([
    ["Configuration", 500, "Server error", "There is a problem with the server configuration.", "home"],
    ["AccessDenied", 403, "Access denied", "You do not have permission to sign in.", "signin"],
    ["Verification", 403, "Unable to sign in", "The sign in link is no longer valid.", "signin"],
    [undefined, 200, "Error", "Something went wrong.", "home"],
    ["Default", 200, "Error", "Something went wrong.", "home"],
    ["OAuthCallbackError", 200, "Error", "Something went wrong.", "home"],
    ["__proto__", 200, "Error", "Something went wrong.", "home"],
    ["hasOwnProperty", 200, "Error", "Something went wrong.", "home"],
  ] as const)("error=%s → %i %s", (error, status, heading, text, link) => {
    const page = render(error)
    expect(page.status).toBe(status)
    expect(titleOf(page.html)).toBe("Error")
    expect(page.html).toContain(`<h1>${heading}</h1>`)
    expect(page.html).toContain(text)
    if (link === "signin") {
      expect(page.html).toContain(`<a class="button button-primary" href="${BASE}/signin">Sign in</a>`)
    } else {
      expect(page.html).toContain(`<a href="${ORIGIN}">Go to localhost:3000</a>`)
      expect(page.html).not.toContain(`href="${BASE}/signin"`)
    }
    expectNoOutsideReferences(page.html, [`${BASE}/signin`, ORIGIN])
  })

  it("explains an expired email link", () => {
    expect(render("Verification").html).toContain("It may have been used already or it may have expired.")
    expect(render("Configuration").html).toContain("Check the server logs for more information.")
  })

  it("does not echo an unknown error value", () => {
    expect(render("Your account is locked, call 0800-EVIL").html).not.toContain("0800")
  })
})

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

// Real-browser checks: what the pages load, focus order, labels, contrast.
const CHROMIUM = "/usr/bin/chromium"
describe.skipIf(!existsSync(CHROMIUM))("in Chromium", () => {
  let browser: Browser
  const PAGE_URL = "http://127.0.0.1:9/api/auth/signin"

  beforeAll(async () => {
    const { chromium } = await import("@playwright/test")
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** Opens `html` as if served from PAGE_URL; every other request is recorded and refused. */
  async function open(html: string, colorScheme: "light" | "dark" = "light"): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage({ colorScheme })
    const requests: string[] = []
    await page.route("**/*", async (route) => {
      const url = route.request().url()
      if (url === PAGE_URL) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
      requests.push(url)
      return route.abort()
    })
    await page.goto(PAGE_URL)
    return { page, requests }
  }

  function luminance(rgb: string): number {
    const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
    return (hi + 0.05) / (lo + 0.05)
  }

  it("requests nothing beyond the page and its own auth routes, runs only its own script, labels inputs and focuses the first one", async () => {
    const X = `"><script>window.__xss=1</script><img src=x onerror="window.__xss=2">`
    const html = renderSignInPage({
      providers: allProviders,
      csrfToken: X,
      callbackUrl: X,
      email: X,
      error: X,
      theme: { colorScheme: "auto", brandColor: X, logo: X },
    }).html
    const { page, requests } = await open(html)
    const facts = await page.evaluate(() => {
      const inputs = [...document.querySelectorAll<HTMLInputElement>("input:not([type=hidden])")]
      return {
        xss: (window as unknown as { __xss?: number }).__xss,
        scripts: document.scripts.length,
        unlabelled: inputs.filter((i) => (i.labels?.length ?? 0) === 0).map((i) => i.name),
        focused: document.activeElement === inputs[0],
        emailValue: document.querySelector<HTMLInputElement>("input[type=email]")?.value,
        nonSubmitButtons: [...document.querySelectorAll("button")].filter((b) => b.type !== "submit").length,
      }
    })
    expect(facts).toEqual({ xss: undefined, scripts: 1, unlabelled: [], focused: true, emailValue: X, nonSubmitButtons: 0 })
    // The passkey script may ask for autofill options; nothing else is fetched.
    expect(requests.filter((url) => !url.startsWith(`${BASE}/webauthn-options/`))).toEqual([])
    await page.close()
  })

  it("shows a visible focus ring when tabbing", async () => {
    const { page } = await open(renderSignInPage({ providers: [github, google], csrfToken: "t", callbackUrl: "/", theme: light }).html)
    await page.keyboard.press("Tab")
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const s = getComputedStyle(el)
      return { text: el.querySelector("span")?.textContent, outlineStyle: s.outlineStyle, outlineWidth: s.outlineWidth }
    })
    expect(focused).toEqual({ text: "Sign in with GitHub", outlineStyle: "solid", outlineWidth: "3px" })
    await page.close()
  })

  it.each([
    ["light", "light", "rgb(17, 17, 17)", "rgb(255, 255, 255)"],
    ["dark", "light", "rgb(238, 238, 238)", "rgb(17, 17, 17)"],
    ["auto", "light", "rgb(17, 17, 17)", "rgb(255, 255, 255)"],
    ["auto", "dark", "rgb(238, 238, 238)", "rgb(17, 17, 17)"],
  ] as const)("colorScheme %s with a %s system preference has readable text", async (scheme, preference, text, card) => {
    const html = renderErrorPage({ error: "Verification", signinUrl: "/signin", homeUrl: "/", theme: { colorScheme: scheme } }).html
    const { page } = await open(html, preference)
    const colours = await page.evaluate(() => {
      const styleOf = (sel: string) => getComputedStyle(document.querySelector(sel) as Element)
      return {
        text: styleOf("h1").color,
        card: styleOf(".card").backgroundColor,
        muted: styleOf("p:not(.lead)").color,
        button: styleOf(".button-primary").color,
        buttonBg: styleOf(".button-primary").backgroundColor,
      }
    })
    expect(colours.text).toBe(text)
    expect(colours.card).toBe(card)
    expect(contrast(colours.text, colours.card)).toBeGreaterThanOrEqual(7)
    expect(contrast(colours.muted, colours.card)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colours.button, colours.buttonBg)).toBeGreaterThanOrEqual(4.5)
    await page.close()
  })

  it("applies brandColor and buttonText to primary buttons", async () => {
    const html = renderSignOutPage({ csrfToken: "t", action: "/signout", theme: { colorScheme: "light", brandColor: "#e11d48", buttonText: "black" } }).html
    const { page } = await open(html)
    const button = await page.evaluate(() => {
      const s = getComputedStyle(document.querySelector("button") as Element)
      return [s.backgroundColor, s.color]
    })
    expect(button).toEqual(["rgb(225, 29, 72)", "rgb(0, 0, 0)"])
    await page.close()
  })
})
