/**
 * OpenID Connect providers of the 42-school … kinde catalog signing in
 * through the real callback against the local OpenID Provider, each pointed
 * at it by its issuer: Keycloak (issuer only: PKCE, state and nonce), Kinde
 * (PKCE and state, no nonce), FusionAuth (a tenant's discovery document, the
 * tenant sent along, offline_access) and Descope (issuer given instead of
 * the project's). The user each one signs in is the provider's, read from
 * the ID token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Descope from "@/lib/auth/providers/descope"
import FusionAuth from "@/lib/auth/providers/fusionauth"
import Keycloak from "@/lib/auth/providers/keycloak"
import Kinde from "@/lib/auth/providers/kinde"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { IdpBrowser, startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, loginAtProvider, sessionOf, startSignIn } from "./support"

const IDS = ["keycloak", "kinde", "fusionauth", "descope"] as const

describe("catalog OpenID Connect providers against a local OpenID Provider", () => {
  let db: TestDatabase
  let idp: OidcServer
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    idp = await startOidcServer({
      redirectUris: IDS.map((id) => `${ORIGIN}${BASE}/callback/${id}`),
      accounts: [{ sub: "kc-user", email: "Kc.User@Example.com", name: "Kay Cee", picture: "https://idp.example.test/kc.png" }],
      // FusionAuth's documented paths; the other providers find them in the discovery document.
      routes: { authorization: "/oauth2/authorize", token: "/oauth2/token", userinfo: "/oauth2/userinfo" },
    })
    const client = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }
    config = {
      secret: SECRET,
      trustHost: true,
      session: { strategy: "jwt" },
      adapter: PrismaAdapter(db.prisma),
      providers: [Keycloak(client), Kinde(client), FusionAuth({ ...client, tenantId: "tenant-7" }), Descope(client)],
    }
  })
  afterAll(async () => {
    await idp.close()
    await db.cleanup()
  })

  async function signIn(id: string, sub: string) {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, id)
    const res = await deliverCallback(browser, await loginAtProvider(authorization, sub, new IdpBrowser()))
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBeNull()
    const account = await db.prisma.account.findFirstOrThrow({ where: { provider: id, providerAccountId: sub }, include: { user: true } })
    return { browser, authorization, account }
  }

  it("Keycloak: PKCE, state and nonce; the user from the ID token (address lower-cased, picture as image)", async () => {
    const { browser, authorization, account } = await signIn("keycloak", "kc-user")
    expect(authorization.origin).toBe(idp.issuer)
    expect(authorization.searchParams.get("scope")).toBe("openid profile email")
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256")
    expect(authorization.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/)
    expect(account.user).toMatchObject({ email: "kc.user@example.com", name: "Kay Cee", image: "https://idp.example.test/kc.png" })
    expect(account.id_token).toMatch(/^ey/)
    expect((await sessionOf(browser))?.user).toMatchObject({ email: "kc.user@example.com", name: "Kay Cee" })
  })

  it("Kinde: PKCE and state without a nonce still signs in", async () => {
    const { authorization, account } = await signIn("kinde", "kinde-user")
    expect(authorization.searchParams.get("nonce")).toBeNull()
    expect(authorization.searchParams.get("code_challenge")).not.toBeNull()
    expect(account.user).toMatchObject({ email: "kinde-user@idp.example.test", name: "User kinde-user" })
  })

  it("FusionAuth: the tenant's discovery document, the tenant and offline_access in the request, the code exchanged at {issuer}/oauth2/token", async () => {
    const before = idp.counts["/.well-known/openid-configuration"] ?? 0
    const tokensBefore = idp.counts["/oauth2/token"] ?? 0
    const { authorization, account } = await signIn("fusionauth", "fa-user")
    expect(idp.counts["/.well-known/openid-configuration"]).toBe(before + 1)
    expect(authorization.pathname).toBe("/oauth2/authorize")
    expect(idp.counts["/oauth2/token"]).toBe(tokensBefore + 1)
    expect(authorization.searchParams.get("tenantId")).toBe("tenant-7")
    expect(authorization.searchParams.get("scope")).toBe("openid offline_access email profile")
    expect(authorization.searchParams.get("nonce")).toBeNull()
    expect(account.user.email).toBe("fa-user@idp.example.test")
  })

  it("Descope with an explicit issuer signs in there, not at api.descope.com", async () => {
    const { authorization, account } = await signIn("descope", "ds-user")
    expect(authorization.origin).toBe(idp.issuer)
    expect(account.user.name).toBe("User ds-user")
  })

  it("a tampered state on a catalog provider is refused like any other", async () => {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, "keycloak")
    const callback = await loginAtProvider(authorization, "kc-user", new IdpBrowser())
    callback.searchParams.set("state", "forged")
    const res = await deliverCallback(browser, callback)
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("InvalidCheck")
    expect((await sessionOf(browser))?.user).toBeUndefined()
  })
})
