/**
 * Cookie attributes when the app is deployed on https (AUTH_URL=https://…).
 * Runs once, in the "https" project, against a `next start` whose AUTH_URL
 * says https. The server itself speaks plain http, so this uses Playwright's
 * request API and reads the raw Set-Cookie headers, following no redirects.
 */
import type { APIResponse } from "@playwright/test"
import { DEMO, expect, test } from "./fixtures"

interface SetCookie {
  name: string
  value: string
  /** Attribute names in lower case; valueless flags map to "". */
  attributes: Map<string, string>
}

function setCookies(response: APIResponse): SetCookie[] {
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map(({ value }) => {
      const [pair, ...attributes] = value.split(";").map((part) => part.trim())
      const eq = pair.indexOf("=")
      return {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        attributes: new Map(
          attributes.map((attribute) => {
            const at = attribute.indexOf("=")
            return at === -1
              ? [attribute.toLowerCase(), ""]
              : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)]
          }),
        ),
      }
    })
}

function expectHardened(cookie: SetCookie | undefined, name: string) {
  expect(cookie, `Set-Cookie ${name}`).toBeDefined()
  expect(cookie!.attributes.has("secure"), `${name} Secure`).toBe(true)
  expect(cookie!.attributes.has("httponly"), `${name} HttpOnly`).toBe(true)
  expect(cookie!.attributes.get("samesite"), `${name} SameSite`).toBe("Lax")
  expect(cookie!.attributes.get("path"), `${name} Path`).toBe("/")
}

test("with an https AUTH_URL, sign-in sets __Host-/__Secure- cookies that are Secure, HttpOnly and SameSite=Lax", async ({
  playwright,
  baseURL,
  authUrl,
}) => {
  expect(new URL(authUrl).protocol).toBe("https:")
  const api = await playwright.request.newContext({ baseURL, maxRedirects: 0 })
  try {
    const csrf = await api.get("/api/auth/csrf")
    expect(csrf.status()).toBe(200)
    const csrfCookie = setCookies(csrf).find((c) => c.name === "__Host-authjs.csrf-token")
    expectHardened(csrfCookie, "__Host-authjs.csrf-token")
    // __Host- cookies must not name a Domain.
    expect(csrfCookie!.attributes.has("domain")).toBe(false)
    expect(setCookies(csrf).map((c) => c.name)).not.toContain("authjs.csrf-token")
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }

    const signIn = await api.post("/api/auth/callback/credentials", {
      form: { email: DEMO.email, password: DEMO.password, csrfToken, callbackUrl: "/dashboard" },
      headers: { cookie: `__Host-authjs.csrf-token=${csrfCookie!.value}` },
    })
    expect(signIn.status()).toBe(302)
    // Redirects point at the public https origin, not at the http address the server listens on.
    expect(signIn.headers()["location"]).toBe(`${new URL(authUrl).origin}/dashboard`)

    const cookies = setCookies(signIn)
    const session = cookies.find((c) => c.name === "__Secure-authjs.session-token")
    expectHardened(session, "__Secure-authjs.session-token")
    expect(session!.value).not.toBe("")
    expect(cookies.map((c) => c.name)).not.toContain("authjs.session-token")
    // Every cookie the library sets on https is Secure.
    for (const cookie of cookies) expect(cookie.attributes.has("secure"), `${cookie.name} Secure`).toBe(true)

    // The session works under its prefixed name …
    const me = await api.get("/api/auth/session", {
      headers: { cookie: `__Secure-authjs.session-token=${session!.value}` },
    })
    expect((await me.json())?.user).toMatchObject({ email: DEMO.email, name: DEMO.name })
    // … and only there: the same value under the plain http name is not a session on https.
    const plain = await api.get("/api/auth/session", { headers: { cookie: `authjs.session-token=${session!.value}` } })
    expect(await plain.text()).toBe("null")
  } finally {
    await api.dispose()
  }
})

test("with an https AUTH_URL, the check cookies of a sign-in in progress are __Host-: Secure, Path=/, no Domain", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL, maxRedirects: 0 })
  try {
    const csrf = await api.get("/api/auth/csrf")
    const csrfCookie = setCookies(csrf).find((c) => c.name === "__Host-authjs.csrf-token")!
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }

    // An OpenID Connect sign-in: state, PKCE verifier and nonce leave with the redirect to the provider.
    const start = await api.post("/api/auth/signin/oidc", {
      form: { csrfToken, callbackUrl: "/dashboard" },
      headers: { cookie: `__Host-authjs.csrf-token=${csrfCookie.value}` },
    })
    expect(start.status()).toBe(302)
    const checks = setCookies(start).filter((c) => /authjs\.(state|pkce\.code_verifier|nonce)$/.test(c.name))
    expect(checks.map((c) => c.name).sort()).toEqual(["__Host-authjs.nonce", "__Host-authjs.pkce.code_verifier", "__Host-authjs.state"])

    // A passkey sign-in: the challenge cookie.
    const options = await api.get("/api/auth/webauthn-options/passkey?action=authenticate")
    expect(options.status()).toBe(200)
    const challenge = setCookies(options).filter((c) => c.name.endsWith("authjs.challenge"))
    expect(challenge.map((c) => c.name)).toEqual(["__Host-authjs.challenge"])

    for (const cookie of [...checks, ...challenge]) {
      expectHardened(cookie, cookie.name)
      // What makes __Host- worth having: no Domain, so a sibling subdomain cannot set or toss it.
      expect(cookie.attributes.has("domain"), `${cookie.name} Domain`).toBe(false)
    }
  } finally {
    await api.dispose()
  }
})
