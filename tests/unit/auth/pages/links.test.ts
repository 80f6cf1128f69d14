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
