/**
 * Two deployments sharing a secret: a preview signs in through the stable
 * deployment acting as redirect proxy. And the per-process caching of
 * discovery and JWKS: a second and third sign-in fetch neither again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import OIDC from "@/lib/auth/providers/oidc"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { OTHER_SECRET, SECRET, recordingLogger } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, errorOf, loginAtProvider, sessionOf, signInWith, startSignIn } from "./support"

const PROXY = "https://auth.example.test"
const PREVIEW = "https://pr-42.example.test"

describe("redirectProxyUrl between two origins", () => {
  let idp: OidcServer
  const configFor = (secret: string): AuthConfig => ({
    secret,
    trustHost: true,
    redirectProxyUrl: `${PROXY}${BASE}`,
    providers: [OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })],
  })

  beforeAll(async () => {
    // Only the proxy's callback is registered at the provider.
    idp = await startOidcServer({ redirectUris: [`${PROXY}${BASE}/callback/oidc`] })
  })
  afterAll(() => idp.close())

  it("the preview's sign-in goes through the proxy's callback and ends signed in on the preview", async () => {
    const preview = new Browser(configFor(SECRET), PREVIEW)
    const authorization = await startSignIn(preview, "oidc")
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${PROXY}${BASE}/callback/oidc`)

    const atProxy = await loginAtProvider(authorization, "pr-user")
    expect(atProxy.origin).toBe(PROXY)
    const proxy = new Browser(configFor(SECRET), PROXY)
    const forwarded = await deliverCallback(proxy, atProxy)
    const back = new URL(forwarded.headers.get("location")!)
    expect(`${back.origin}${back.pathname}`).toBe(`${PREVIEW}${BASE}/callback/oidc`)
    expect(back.searchParams.get("code")).toBe(atProxy.searchParams.get("code"))
    expect(forwarded.headers.getSetCookie()).toEqual([])

    const done = await deliverCallback(preview, back)
    expect(done.headers.get("location")).toBe(PREVIEW)
    expect((await sessionOf(preview))?.user?.email).toBe("pr-user@idp.example.test")
  })

  it("a proxy with another secret cannot open the state and does not forward", async () => {
    const preview = new Browser(configFor(SECRET), PREVIEW)
    const atProxy = await loginAtProvider(await startSignIn(preview, "oidc"), "pr-user-2")
    const { logger } = recordingLogger()
    const proxy = new Browser({ ...configFor(OTHER_SECRET), logger }, PROXY)
    const res = await deliverCallback(proxy, atProxy)
    expect(errorOf(res)).toEqual({ page: `${BASE}/error`, error: "InvalidCheck" })
  })

  it("sign-in on the proxy itself uses its own callback and no forwarding", async () => {
    const proxy = new Browser(configFor(SECRET), PROXY)
    const res = await signInWith(proxy, "oidc", "proxy-user")
    expect(res.headers.get("location")).toBe(PROXY)
    expect((await sessionOf(proxy))?.user?.email).toBe("proxy-user@idp.example.test")
  })
})

describe("discovery and JWKS caching", () => {
  let idp: OidcServer
  let config: AuthConfig
  const ORIGIN = "http://localhost:3000"

  beforeAll(async () => {
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
    config = { secret: SECRET, trustHost: true, providers: [OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })] }
  })
  afterAll(() => idp.close())

  it("three sign-ins fetch the discovery document and the key set once each", async () => {
    for (const sub of ["c1", "c2", "c3"]) {
      const browser = new Browser(config)
      await signInWith(browser, "oidc", sub)
      expect((await sessionOf(browser))?.user?.email).toBe(`${sub}@idp.example.test`)
    }
    expect(idp.counts["/.well-known/openid-configuration"]).toBe(1)
    expect(idp.counts["/jwks"]).toBe(1)
    expect(idp.counts["/token"]).toBe(3)
  })

  it("a failed discovery is not cached: the next sign-in succeeds once the provider is back", async () => {
    const fresh = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
    const cfg: AuthConfig = { secret: SECRET, trustHost: true, providers: [OIDC({ issuer: fresh.issuer, clientId: fresh.clientId, clientSecret: fresh.clientSecret })] }
    fresh.mode = "garbage"
    const browser = new Browser(cfg)
    const csrfToken = await browser.csrfToken()
    const failed = await browser.send(`${BASE}/signin/oidc`, { form: { csrfToken } })
    expect(errorOf(failed)).toEqual({ page: `${BASE}/signin`, error: "OAuthSignInError" })
    fresh.mode = "normal"
    await signInWith(browser, "oidc", "after-outage")
    expect((await sessionOf(browser))?.user?.email).toBe("after-outage@idp.example.test")
    expect(fresh.counts["/.well-known/openid-configuration"]).toBe(2)
    await fresh.close()
  })
})
