/**
 * The catalogue's OpenID Connect providers (LINE … Zoom half) signing in
 * through the real callback against a local OpenID Provider, each pointed
 * at it by `issuer` only: Okta (PKCE and state, no nonce), ZITADEL (all
 * three checks), Salesforce (the profile from userinfo, not the ID token),
 * Ory Hydra (the "hydra" id and callback) and Logto (its own scope).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Logto from "@/lib/auth/providers/logto"
import Okta from "@/lib/auth/providers/okta"
import OryHydra from "@/lib/auth/providers/ory-hydra"
import Salesforce from "@/lib/auth/providers/salesforce"
import Zitadel from "@/lib/auth/providers/zitadel"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, loginAtProvider, sessionOf, startSignIn } from "./support"

const IDS = ["okta", "zitadel", "salesforce", "hydra", "logto"] as const

describe("catalogue OIDC providers (L–Z) against a local OpenID Provider", () => {
  let db: TestDatabase
  let idp: OidcServer
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    idp = await startOidcServer({
      redirectUris: IDS.map((id) => `${ORIGIN}${BASE}/callback/${id}`),
      accounts: [{ sub: "unverified-zed", email: "zed@example.com", name: "Zed", emailVerified: false }],
    })
    const client = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [Okta(client), Zitadel(client), Salesforce(client), OryHydra(client), Logto(client)],
    }
  })
  afterAll(async () => {
    await idp.close()
    await db.cleanup()
  })

  async function signIn(providerId: string, sub: string) {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, providerId)
    const res = await deliverCallback(browser, await loginAtProvider(authorization, sub))
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBeNull()
    return { browser, authorization }
  }

  it.each([
    ["okta", "pkce and state, no nonce", { pkce: true, nonce: false }],
    ["zitadel", "pkce, state and nonce", { pkce: true, nonce: true }],
    ["salesforce", "pkce, state and nonce; profile from userinfo", { pkce: true, nonce: true }],
    ["hydra", "the hydra id", { pkce: true, nonce: true }],
    ["logto", "its own scope", { pkce: true, nonce: true }],
  ] as const)("%s (%s): signs a new user in, keyed by the subject", async (id, _what, checks) => {
    const sub = `user-of-${id}`
    const { browser, authorization } = await signIn(id, sub)
    expect(authorization.origin).toBe(idp.issuer)
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/callback/${id}`)
    expect(authorization.searchParams.has("code_challenge")).toBe(checks.pkce)
    expect(authorization.searchParams.has("nonce")).toBe(checks.nonce)
    if (id === "logto") expect(authorization.searchParams.get("scope")).toBe("offline_access openid email profile")
    const account = await db.prisma.account.findFirstOrThrow({ where: { provider: id }, include: { user: true } })
    expect(account.providerAccountId).toBe(sub)
    expect(account.type).toBe("oidc")
    expect(account.user).toMatchObject({ email: `${sub}@idp.example.test`, name: `User ${sub}` })
    expect((await sessionOf(browser))?.user?.email).toBe(`${sub}@idp.example.test`)
  })

  it("Salesforce reads the profile from userinfo (idToken: false)", async () => {
    const before = idp.counts["/me"] ?? 0
    await signIn("salesforce", "sf-userinfo")
    expect(idp.counts["/me"] ?? 0).toBe(before + 1)
  })

  it("an address the provider says it did not verify is not kept (Okta)", async () => {
    await signIn("okta", "unverified-zed")
    const account = await db.prisma.account.findFirstOrThrow({ where: { provider: "okta", providerAccountId: "unverified-zed" }, include: { user: true } })
    expect(account.user.email).toBeNull()
  })
})
