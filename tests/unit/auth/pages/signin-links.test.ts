import { describe, expect, it } from "vitest"
import { renderSignInPage, type PageProvider, type SignInPageParams } from "@/lib/auth/pages"

const ORIGIN = "http://localhost:3000"

const credentials: PageProvider = {
  id: "credentials",
  name: "Email and password",
  type: "credentials",
  signinUrl: `${ORIGIN}/api/auth/signin/credentials`,
  callbackUrl: `${ORIGIN}/api/auth/callback/credentials`,
  credentials: {
    email: { label: "Email", type: "email", autocomplete: "email", required: true },
    password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
  },
}

function page(overrides: Partial<SignInPageParams> = {}): string {
  return renderSignInPage({
    providers: [credentials],
    csrfToken: "csrf",
    callbackUrl: `${ORIGIN}/dashboard`,
    theme: { colorScheme: "auto" },
    ...overrides,
  }).html
}

function nav(html: string): string | undefined {
  return /<nav class="links"[^>]*>[\s\S]*?<\/nav>/.exec(html)?.[0]
}

describe("sign-in page links (theme.links)", () => {
  it("shows the configured links in order, under the form", () => {
    const html = page({
      theme: {
        colorScheme: "auto",
        links: [
          { label: "Create an account", href: "/signup" },
          { label: "Back to the site", href: "https://example.com/" },
        ],
      },
    })
    const links = nav(html)
    expect(links).toBeDefined()
    expect([...links!.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
      ["/signup", "Create an account"],
      ["https://example.com/", "Back to the site"],
    ])
    expect(html.indexOf("</form>")).toBeLessThan(html.indexOf('<nav class="links"'))
  })

  it("renders no link list when none is configured", () => {
    expect(nav(page())).toBeUndefined()
  })

  it("leaves out links whose target is not http(s) or same-origin, and escapes labels", () => {
    const html = page({
      theme: {
        colorScheme: "auto",
        links: [
          { label: "Bad", href: "javascript:alert(1)" },
          { label: "Other host", href: "//evil.example" },
          { label: "", href: "/empty-label" },
          { label: `<img src=x onerror=alert(1)>`, href: "/ok" },
        ],
      },
    })
    const links = nav(html)!
    expect(links).not.toContain("javascript:")
    expect(links).not.toContain("evil.example")
    expect(links).not.toContain("/empty-label")
    expect(links).toContain('<a href="/ok">&lt;img src=x onerror=alert(1)&gt;</a>')
  })
})

describe("sign-in page form", () => {
  it('words the button "Sign in" when the credentials form is the only form', () => {
    expect(page()).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/)
  })

  it('keeps "Sign in" beside the email-link form, whose own button names it', () => {
    const email: PageProvider = { id: "email", name: "Email", type: "email", signinUrl: `${ORIGIN}/api/auth/signin/email`, callbackUrl: "" }
    const html = page({ providers: [email, credentials] })
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/)
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in with Email<\/button>/)
  })

  it("names each credentials provider when there are several", () => {
    const staff: PageProvider = { ...credentials, id: "staff", name: "Staff login", signinUrl: `${ORIGIN}/api/auth/signin/staff` }
    const html = page({ providers: [credentials, staff] })
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in with Email and password<\/button>/)
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in with Staff login<\/button>/)
  })

  it("puts a remembered email into the email field and the focus on the password", () => {
    const html = page({ email: "ada@example.com" })
    const email = /<input [^>]*name="email"[^>]*>/.exec(html)![0]
    const password = /<input [^>]*name="password"[^>]*>/.exec(html)![0]
    expect(email).toContain('value="ada@example.com"')
    expect(email).not.toContain("autofocus")
    expect(password).toContain("autofocus")
    expect(password).not.toContain("value=")
  })
})
