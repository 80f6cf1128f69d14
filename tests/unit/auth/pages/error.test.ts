import { describe, expect, it } from "vitest"

import { renderErrorPage } from "@/lib/auth/pages"
import { ORIGIN, BASE, light, titleOf, expectNoOutsideReferences } from "./fixtures"

describe("error page", () => {
  const render = (error?: string) => renderErrorPage({ error, signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: light })

  it.each([
    ["Configuration", 500, "Server error", "There is a problem with the server configuration.", "home"],
    ["AccessDenied", 403, "Access denied", "You do not have permission to sign in.", "signin"],
    ["Verification", 403, "Unable to sign in", "The sign in link is no longer valid.", "signin"],
    [undefined, 200, "Something went wrong", "That step could not be finished.", "signin"],
    ["Default", 200, "Something went wrong", "That step could not be finished.", "signin"],
    ["OAuthCallbackError", 200, "Something went wrong", "That step could not be finished.", "signin"],
    ["__proto__", 200, "Something went wrong", "That step could not be finished.", "signin"],
    ["hasOwnProperty", 200, "Something went wrong", "That step could not be finished.", "signin"],
  ] as const)("error=%s → %i %s", (error, status, heading, text, link) => {
    const page = render(error)
    expect(page.status).toBe(status)
    expect(titleOf(page.html)).toBe(heading)
    expect(page.html).toContain(`<h1>${heading}</h1>`)
    expect(page.html).toContain(text)
    if (link === "signin") {
      expect(page.html).toContain(`<a class="button button-primary" href="${BASE}/signin">Sign in</a>`)
      // Sign-in is the next step; home is always a way out too.
      expect(page.html).toContain(`<a href="${ORIGIN}">Go to localhost:3000</a>`)
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
