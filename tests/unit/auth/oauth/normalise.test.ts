/**
 * What a provider learns from its server (discovery document, signing keys,
 * refreshes) belongs to that provider in that configuration: two providers of
 * the same issuer, each with its own `fetch`, each fetch their own, and a
 * configuration resolved again starts afresh.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { beforeAll, describe, expect, it } from "vitest"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { verifyIdTokenSignature } from "@/lib/auth/oauth/id-token"
import { isNormalised, normaliseOAuthProvider, type ResolvedOAuthProvider } from "@/lib/auth/oauth/normalise"
import { discoveryDocument } from "@/lib/auth/oauth/server"
import OIDC from "@/lib/auth/providers/oidc"
import { customFetch } from "@/lib/auth/symbols"
import type { AuthConfig } from "@/lib/auth/config/types"

const ISSUER = "https://idp.example.test"
const CLIENT_ID = "client"

let jwks: { keys: object[] }
let idToken: string

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("ES256")
  jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" }] }
  idToken = await new SignJWT({ sub: "user-1" })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer(ISSUER)
    .setAudience(CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(privateKey)
})

/** A fake identity provider reached through one provider's `fetch`; it counts what it was asked. */
function idpFetch() {
  const asked: string[] = []
  const fetchImpl = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    asked.push(url.pathname)
    const json = (body: object) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } })
    if (url.pathname === "/.well-known/openid-configuration") {
      return json({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks`, authorization_endpoint: `${ISSUER}/authorize`, token_endpoint: `${ISSUER}/token` })
    }
    if (url.pathname === "/jwks") return json(jwks)
    return new Response("not found", { status: 404 })
  }
  return { asked, fetch: fetchImpl as typeof fetch }
}

function providerWith(fetchImpl: typeof fetch): ResolvedOAuthProvider {
  return normaliseOAuthProvider(OIDC({ issuer: ISSUER, clientId: CLIENT_ID, clientSecret: "secret", [customFetch]: fetchImpl }), {})
}

describe("a provider's discovery document and signing keys", () => {
  it("are fetched with each provider's own fetch, even when two providers share the issuer", async () => {
    const first = idpFetch()
    const second = idpFetch()
    const a = providerWith(first.fetch)
    const b = providerWith(second.fetch)

    for (const provider of [a, b]) {
      const as = await discoveryDocument(provider)
      expect(await verifyIdTokenSignature(idToken, as, provider, ISSUER)).toMatchObject({ sub: "user-1" })
    }

    expect(first.asked).toEqual(["/.well-known/openid-configuration", "/jwks"])
    expect(second.asked).toEqual(["/.well-known/openid-configuration", "/jwks"])
  })

  it("are fetched once per provider, however many tokens it verifies", async () => {
    const idp = idpFetch()
    const provider = providerWith(idp.fetch)
    for (let i = 0; i < 3; i++) {
      const as = await discoveryDocument(provider)
      await verifyIdTokenSignature(idToken, as, provider, ISSUER)
    }
    expect(idp.asked).toEqual(["/.well-known/openid-configuration", "/jwks"])
  })

  it("are not carried from one configuration to another that lists the same provider object", async () => {
    const idp = idpFetch()
    const provider = OIDC({ issuer: ISSUER, clientId: CLIENT_ID, clientSecret: "secret", [customFetch]: idp.fetch })
    const resolve = createConfigResolver({ env: {} })
    const configs: AuthConfig[] = [1, 2].map(() => ({ secret: "x".repeat(32), trustHost: true, providers: [provider] }))
    const resolved = configs.map((c) => resolve(c).providerById.get("oidc"))
    const [first, second] = resolved
    if (!first || !second || !isNormalised(first) || !isNormalised(second)) throw new Error("the OIDC provider is not resolved")
    await discoveryDocument(first)
    await discoveryDocument(first)
    await discoveryDocument(second)
    expect(idp.asked).toEqual(["/.well-known/openid-configuration", "/.well-known/openid-configuration"])
  })
})
