/**
 * The origin links in mail are built from (lib/auth/email/link-origin.ts):
 * AUTH_URL's origin, else the local server, and in production with mail and
 * no AUTH_URL a problem that names AUTH_URL.
 */
import { describe, expect, it } from "vitest"
import { mailLinkOrigin, mailOriginProblem } from "@/lib/auth/email/link-origin"

describe("mailLinkOrigin", () => {
  it("is AUTH_URL's origin (path and trailing slash dropped), or NEXTAUTH_URL's", () => {
    expect(mailLinkOrigin({ AUTH_URL: "https://app.example.com/api/auth/" })).toBe("https://app.example.com")
    expect(mailLinkOrigin({ NEXTAUTH_URL: "http://localhost:4000" })).toBe("http://localhost:4000")
  })

  it("without a usable AUTH_URL: the local server on PORT, else port 3000", () => {
    expect(mailLinkOrigin({ PORT: "4123" })).toBe("http://localhost:4123")
    expect(mailLinkOrigin({})).toBe("http://localhost:3000")
    for (const PORT of ["", "abc", "99999", "80; evil.example"]) expect(mailLinkOrigin({ PORT })).toBe("http://localhost:3000")
    expect(mailLinkOrigin({ AUTH_URL: "localhost:4102", PORT: "4102" })).toBe("http://localhost:4102")
  })
})

describe("mailOriginProblem", () => {
  it("production that sends mail without AUTH_URL: names AUTH_URL and says why", () => {
    const problem = mailOriginProblem({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, true)
    expect(problem?.variable).toBe("AUTH_URL")
    expect(problem?.message).toMatch(/^AUTH_URL is not set, and this site sends mail/)
    expect(problem?.message).toContain("never from the request's Host or X-Forwarded-Host")
    expect(problem?.message).toContain("AUTH_URL=https://app.example.com")
  })

  it("nothing to report with AUTH_URL, in development, or when no mail is sent", () => {
    expect(mailOriginProblem({ NODE_ENV: "production", AUTH_URL: "https://app.example.com" }, true)).toBeUndefined()
    expect(mailOriginProblem({ NODE_ENV: "development" }, true)).toBeUndefined()
    expect(mailOriginProblem({ NODE_ENV: "production" }, false)).toBeUndefined()
  })
})
