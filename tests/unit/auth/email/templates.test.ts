import { describe, expect, it } from "vitest"
import { formatLifetime, renderNoticeMail, renderSignInMail } from "@/lib/auth/email/templates"

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

describe("sign-in mail", () => {
  const url = "https://app.example.test/api/auth/callback/nodemailer?token=abc&email=a%40b.test"

  it("names the site and the link lifetime in the subject and the text", () => {
    const mail = renderSignInMail({ url, host: "app.example.test", lifetime: 86400 })
    expect(mail.subject).toBe("Sign in to app.example.test (link valid for 24 hours)")
    expect(mail.text).toContain("Sign in to app.example.test")
    expect(mail.text).toContain(url)
    expect(mail.text).toContain("expires in 24 hours")
  })

  it("names the product (theme.name) instead of the host when it is configured", () => {
    const mail = renderSignInMail({ url, host: "app.example.test", lifetime: 86400, theme: { name: "Acme <Books>" } })
    expect(mail.subject).toBe("Sign in to Acme <Books> (link valid for 24 hours)")
    expect(mail.text).toContain("Someone asked to sign in to Acme <Books> with this email address.")
    expect(mail.html).toContain("Sign in to Acme &lt;Books&gt;")
    expect(mail.html).not.toContain("<Books>")
    // A blank name is no name.
    expect(renderSignInMail({ url, host: "app.example.test", lifetime: 60, theme: { name: " " } }).subject).toMatch(/^Sign in to app\.example\.test /)
  })

  it("is accessible HTML with the brand colour and no remote images", () => {
    const mail = renderSignInMail({
      url,
      host: "app.example.test",
      lifetime: 600,
      theme: { brandColor: "#4f46e5", buttonText: "#ffffff", logo: "https://cdn.example.test/logo.png" },
    })
    expect(mail.html).toContain('<html lang="en">')
    expect(mail.html).toContain("<h1")
    expect(mail.html).toContain("background:#4f46e5")
    expect(mail.html).toContain('role="presentation"')
    expect(mail.html).not.toContain("cdn.example.test")
    expect(mail.html).not.toMatch(/<img/)
    expect(mail.html).toContain("expires in 10 minutes")
    expect(mail.attachments).toEqual([])
  })

  it("an inline raster logo travels as a CID attachment with alt text", () => {
    const mail = renderSignInMail({ url, host: "app.example.test", lifetime: 3600, theme: { logo: PNG } })
    expect(mail.html).toMatch(/<img src="cid:logo@auth-mail" alt="app.example.test"/)
    expect(mail.attachments).toEqual([{ filename: "logo.png", cid: "logo@auth-mail", path: PNG, contentDisposition: "inline" }])
  })

  it("escapes everything it is given", () => {
    const mail = renderSignInMail({ url: `${url}&x="><script>`, host: "<b>host</b>", lifetime: 60, theme: { brandColor: "red;}</style>" } })
    expect(mail.html).not.toContain("<script>")
    expect(mail.html).not.toContain("<b>host</b>")
    expect(mail.html).not.toContain("</style>")
  })

  it.each([
    [86400, "24 hours"],
    [3600, "1 hour"],
    [600, "10 minutes"],
    [1, "1 second"],
    [172800, "2 days"],
  ])("formatLifetime(%i) = %s", (seconds, text) => {
    expect(formatLifetime(seconds)).toBe(text)
  })
})

describe("notice mail", () => {
  const notice = {
    site: "app.example.test",
    subject: "Two-factor authentication was turned off",
    heading: "Two-factor authentication is off",
    intro: "Signing in to <b>app</b> now needs only one step.",
    linkLabel: "Review your settings",
    url: "https://app.example.test/settings",
    warning: "If this wasn't you, reset your password.",
  }

  it("links to the page without a one-time link's lifetime, and escapes every value", () => {
    const mail = renderNoticeMail({ ...notice, theme: { brandColor: "#4f46e5", logo: PNG } })
    expect(mail.subject).toBe(notice.subject)
    expect(mail.text).toContain("Review your settings: https://app.example.test/settings")
    expect(mail.text).not.toMatch(/expires|works once/)
    expect(mail.html).not.toMatch(/expires|works once/)
    expect(mail.html).toContain("Signing in to &lt;b&gt;app&lt;/b&gt; now")
    expect(mail.html).toContain("If this wasn&#39;t you")
    expect(mail.html).toContain('src="cid:logo@auth-mail"')
    expect(mail.attachments).toHaveLength(1)
  })
})
