/**
 * One provider that cannot be used (its variables unset, or a mistake in its
 * options) takes down nothing but its own sign-in: real Requests through the
 * core handler read the session, sign out and sign in with the other
 * providers (passwords, a real OpenID Provider), while the broken provider's
 * routes answer the error page with a code, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import Credentials from "@/lib/auth/providers/credentials"
import GitHub from "@/lib/auth/providers/github"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import OIDC from "@/lib/auth/providers/oidc"
import { envFor } from "@/tests/helpers/env"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { BASE, Browser, expectNoInternals, isDeletion, ORIGIN, recordingLogger, SECRET, setCookie } from "./support"
import { sessionOf, signInWith } from "./oauth/support"

// Whatever the machine running the suite has set, these providers must see their variables unset.
const UNSET = [
  "AUTH_GITHUB_ID",
  "AUTH_GITHUB_SECRET",
  "GITHUB_ID",
  "GITHUB_SECRET",
  "AUTH_MICROSOFT_ENTRA_ID_SECRET",
  "MICROSOFT_ENTRA_ID_SECRET",
] as const

describe("a provider that is not configured, among working ones", () => {
  const env = envFor(UNSET)
  const log = recordingLogger()
  let idp: OidcServer
  let config: AuthConfig

  beforeAll(async () => {
    env.set(Object.fromEntries(UNSET.map((name) => [name, undefined])))
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
    config = {
      secret: SECRET,
      trustHost: true,
      session: { strategy: "jwt" },
      logger: log.logger,
      providers: [
        GitHub(),
        MicrosoftEntraID({ clientId: "entra-client" }),
        // A mistake in code, not a variable still to set.
        OIDC({ id: "typo", name: "Typo", issuer: "idp.example.com", clientId: "a", clientSecret: "b" }),
        OIDC({ name: "Local IdP", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
        Credentials({
          credentials: { email: {}, password: {} },
          authorize: (c) => (c.password === "right" ? { id: "user-alice", email: String(c.email), name: "Alice" } : null),
        }),
      ],
    }
  })
  afterAll(async () => {
    env.restore()
    await idp.close()
  })

  it("reads the session: 200 and null when signed out", async () => {
    const res = await new Browser(config).send(`${BASE}/session`)
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it("lists and shows only the usable providers", async () => {
    const browser = new Browser(config)
    const providers = await browser.send(`${BASE}/providers`)
    expect(providers.status).toBe(200)
    expect(Object.keys((await providers.json()) as object).sort()).toEqual(["credentials", "oidc"])
    const page = await browser.send(`${BASE}/signin`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("Local IdP")
    expect(html).not.toContain("GitHub")
    expect(html).not.toContain("Microsoft")
    expect(html).not.toContain("Typo")
  })

  it("answers the unset provider's sign-in with the error page and a code, not a 500", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    log.errors.length = 0
    const res = await browser.send(`${BASE}/signin/github`, { form: { csrfToken } })
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}${BASE}/error`)
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "ProviderUnavailable", code: "provider_credentials_missing" })
    // The server log names what to set; the page does not.
    expect(log.errors.map((e) => e.message)).toEqual([
      'The OAuth provider "github" is not configured: set AUTH_GITHUB_ID, AUTH_GITHUB_SECRET (or pass the options), or remove it from the providers.',
    ])
    const page = await browser.send(`${location.pathname}${location.search}`)
    expect(page.status).toBe(404)
    const html = await page.text()
    expect(html).toContain("Sign-in method not available")
    expect(html).not.toContain("AUTH_GITHUB")
    expectNoInternals(html)
  })

  it("answers its callback and its one-provider sign-in page the same way", async () => {
    const browser = new Browser(config)
    for (const path of [`${BASE}/callback/microsoft-entra-id?code=c&state=s`, `${BASE}/signin/microsoft-entra-id`]) {
      const res = await browser.send(path)
      expect(res.status, path).toBe(302)
      const location = new URL(res.headers.get("location")!)
      expect(location.pathname, path).toBe(`${BASE}/error`)
      expect(location.searchParams.get("code"), path).toBe("provider_credentials_missing")
    }
  })

  it("tells a script (the client's signIn) with a JSON answer naming the error, not a 500", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/github`, { form: { csrfToken }, headers: { "X-Auth-Return-Redirect": "1" } })
    expect(res.status).toBe(200)
    expect(res.headers.get("X-Auth-Error")).toBe("ProviderUnavailable")
    const { url } = (await res.json()) as { url: string }
    expect(new URL(url).searchParams.get("code")).toBe("provider_credentials_missing")
  })

  it("answers a provider with a mistake in its options with its own code", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    log.errors.length = 0
    const res = await browser.send(`${BASE}/signin/typo`, { form: { csrfToken } })
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get("location")!)
    expect(location.searchParams.get("error")).toBe("ProviderUnavailable")
    expect(location.searchParams.get("code")).toBe("provider_misconfigured")
    expect(log.errors[0]?.message).toBe('The OpenID Connect provider "typo" has an invalid issuer URL: "idp.example.com".')
  })

  it("signs in with a password, reads the session (endpoint and server-side read), and signs out", async () => {
    const browser = new Browser(config)
    const signIn = await browser.signInWithCredentials({ email: "alice@example.test", password: "right" })
    expect(signIn.status).toBe(302)
    expect(new URL(signIn.headers.get("location")!).pathname).not.toContain("error")
    expect((await sessionOf(browser))?.user?.email).toBe("alice@example.test")
    // What auth() in a server component or the middleware reads.
    const read = await readRequestSession(config, { origin: ORIGIN, cookie: browser.cookieHeader() })
    expect(read.session?.user?.name).toBe("Alice")

    const csrfToken = await browser.csrfToken()
    const signOut = await browser.send(`${BASE}/signout`, { form: { csrfToken } })
    expect(signOut.status).toBe(302)
    expect(isDeletion(setCookie(signOut, browser.sessionCookieName())!)).toBe(true)
    expect(await sessionOf(browser)).toBeNull()
  })

  it("signs in with the working OpenID Provider beside the broken ones", async () => {
    const browser = new Browser(config)
    const res = await signInWith(browser, "oidc", "bob")
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).pathname).not.toContain("error")
    expect((await sessionOf(browser))?.user?.email).toBe("bob@idp.example.test")
  })
})
