/**
 * Verifies an ID token's signature against the issuer's JWKS (oauth4webapi
 * checks the claims, not the signature of a token from the token endpoint).
 * Key sets are kept per jwks_uri with the resolved provider (its runtime), so
 * each is fetched with that provider's own `fetch`; jose fetches a set again
 * when a token names a key it does not know (key rotation).
 */
import { createRemoteJWKSet, customFetch as joseCustomFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose"
import type * as o from "oauth4webapi"
import { IDP_TIMEOUT_MS, providerFetch } from "./http"
import type { ResolvedOAuthProvider } from "./normalise"

function keySetFor(jwksUri: string, provider: ResolvedOAuthProvider): JWTVerifyGetKey {
  const { keySets } = provider.runtime
  let set = keySets.get(jwksUri)
  if (!set) {
    const fetchImpl = providerFetch(provider)
    set = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: IDP_TIMEOUT_MS,
      [joseCustomFetch]: (url: string, init: RequestInit) => fetchImpl(url, init),
    })
    keySets.set(jwksUri, set)
  }
  return set
}

/**
 * Checks signature, issuer and audience. HS* tokens are checked with the
 * client secret; "none" is never accepted (jose refuses unsecured tokens).
 */
export async function verifyIdTokenSignature(
  idToken: string,
  as: o.AuthorizationServer,
  provider: ResolvedOAuthProvider,
  expectedIssuer: string,
): Promise<JWTPayload> {
  const options = { issuer: expectedIssuer, audience: provider.clientId }
  const header = JSON.parse(Buffer.from(idToken.split(".")[0] ?? "", "base64url").toString("utf8")) as { alg?: string }
  if (typeof header.alg === "string" && header.alg.startsWith("HS")) {
    const { payload } = await jwtVerify(idToken, new TextEncoder().encode(provider.clientSecret ?? ""), options)
    return payload
  }
  if (!as.jwks_uri) throw new TypeError("The issuer publishes no jwks_uri; the ID token cannot be verified")
  const { payload } = await jwtVerify(idToken, keySetFor(as.jwks_uri, provider), options)
  return payload
}
