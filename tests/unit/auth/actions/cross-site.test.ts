/**
 * State-changing POSTs to the auth routes are refused when the browser says
 * they came from another site, even with a valid CSRF token (a sibling
 * subdomain can plant the cookie; docs/decisions/request-security.md, "Origin checks on auth POSTs").
 */
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"

const ORIGIN = "http://localhost:3000"
const config: AuthConfig = {
  secret: "cross-site-post-secret-0123456789abcdefghij",
  trustHost: true,
  basePath: "/auth",
  session: { strategy: "jwt" },
  providers: [Credentials({ credentials: { email: {} }, authorize: (c) => ({ id: "u1", email: String(c.email) }) })],
}

async function csrf(): Promise<{ cookie: string; csrfToken: string }> {
  const res = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  return { cookie: res.headers.getSetCookie()[0]!.split(";")[0]!, csrfToken }
}

async function post(path: string, headers: Record<string, string>, json = false): Promise<Response> {
  const { cookie, csrfToken } = await csrf()
  const fields = { csrfToken, email: "jane@example.com", callbackUrl: `${ORIGIN}/dashboard` }
  return Auth(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        cookie,
        "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
        ...headers,
      },
      body: json ? JSON.stringify(fields) : new URLSearchParams(fields),
    }),
    config,
  )
}

const STATE_CHANGING = ["/auth/callback/credentials", "/auth/signin/credentials", "/auth/signout", "/auth/session"]

describe("auth POSTs from another site", () => {
  it("refuses a cross-site form post with a valid CSRF token: 403 error page, no cookie, no redirect", async () => {
    for (const path of STATE_CHANGING) {
      const res = await post(path, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })
      expect(res.status, path).toBe(403)
      expect(res.headers.get("location"), path).toBeNull()
      expect(res.headers.getSetCookie().filter((c) => c.includes("session-token")), path).toEqual([])
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/)
      const html = await res.text()
      expect(html).toContain("Request refused")
      expect(html).toContain("sent from another site")
    }
  })

  it("answers a cross-site fetch with 403 JSON naming the error", async () => {
    const res = await post("/auth/callback/credentials", { origin: "https://sub.localhost:3000" }, true)
    expect(res.status).toBe(403)
    expect(res.headers.get("x-auth-error")).toBe("CrossSiteRequest")
    expect(await res.json()).toMatchObject({ error: "CrossSiteRequest" })
  })

  it("refuses a same-site subdomain (Sec-Fetch-Site: same-site) and an opaque origin the browser calls cross-site", async () => {
    expect((await post("/auth/callback/credentials", { "sec-fetch-site": "same-site" })).status).toBe(403)
    expect((await post("/auth/callback/credentials", { origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403)
  })

  it("signs in from a same-origin browser form, and from a client that sends neither header", async () => {
    // Origin: null is what Chromium sends from a page whose Referrer-Policy is no-referrer.
    for (const headers of [{ origin: ORIGIN, "sec-fetch-site": "same-origin" }, { origin: "null", "sec-fetch-site": "same-origin" }, {}] as Record<string, string>[]) {
      const res = await post("/auth/callback/credentials", headers)
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      expect(res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true)
    }
  })

  it("still needs the CSRF token when neither header is sent", async () => {
    const res = await Auth(
      new Request(`${ORIGIN}/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "jane@example.com" }),
      }),
      config,
    )
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toContain("error=MissingCSRF")
  })

  it("leaves page loads (GET) alone whatever the headers", async () => {
    const res = await Auth(new Request(`${ORIGIN}/auth/signin`, { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } }), config)
    expect(res.status).toBe(200)
  })
})
