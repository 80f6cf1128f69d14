import { describe, expect, it } from "vitest"

import { renderVerifyRequestPage } from "@/lib/auth/pages"
import { ORIGIN, light, expectNoOutsideReferences } from "./fixtures"

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

describe("verify-request page: the address and sending again", () => {
  const resend = { action: `${ORIGIN}/api/auth/signin/nodemailer`, csrfToken: "csrf-1", callbackUrl: `${ORIGIN}/dashboard`, waitSeconds: 42 }

  it("names the address the link went to and offers to send it again after the cooldown", () => {
    const page = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light, email: "ada@example.com", resend })
    expect(page.html).toContain("We sent a sign-in link to <strong data-sent-to>ada@example.com</strong>.")
    expect(page.html).toContain(`<form class="resend" action="${resend.action}" method="post">`)
    expect(page.html).toContain('<input type="hidden" name="email" value="ada@example.com">')
    expect(page.html).toContain('<input type="hidden" name="resend" value="1">')
    // The countdown is the script's; without it the button works and the server holds the cooldown.
    expect(page.html).toMatch(/<button type="submit" class="button button-secondary" data-cooldown="42"[^>]*>Send the link again<\/button>/)
    expect(page.enhanced).toBe(true)
  })

  it("escapes the address", () => {
    const page = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light, email: '"><img src=x>@example.com', resend })
    expect(page.html).not.toContain("<img src=x>")
  })

  it("says why a resend was refused, and only for known reasons", () => {
    const tooSoon = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light, email: "ada@example.com", resend, error: "ResendTooSoon" })
    expect(tooSoon.html).toContain('role="alert">The link was sent a moment ago.')
    const limited = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light, email: "ada@example.com", resend, error: "RateLimited" })
    expect(limited.html).toContain("Too many links were asked for.")
    const other = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light, error: "<b>made up</b>" })
    expect(other.html).not.toContain('role="alert"')
    expect(other.html).not.toContain("made up")
  })

  it("without a remembered address keeps the general sentence and offers no resend (no script)", () => {
    const page = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: light, resend })
    expect(page.html).toContain("A sign in link has been sent to your email address.")
    expect(page.html).not.toContain("Send the link again")
    expect(page.html).not.toContain("<script")
  })
})
