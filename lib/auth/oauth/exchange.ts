/**
 * The callback half of the code flow, done by oauth4webapi: validate the
 * authorization response (state; RFC 9207 `iss` when the server advertises
 * it), exchange the code (PKCE verifier, client authentication), validate
 * the ID token (claims by oauth4webapi, signature against the JWKS here),
 * and read the profile. Failures become typed errors: the provider's own
 * refusal and broken responses → OAuthCallbackError, a check that does not
 * match → InvalidCheck, an `iss` the provider's configuration cannot be
 * checked against → InvalidProviderIssuer (a configuration error, see
 * issuer-check.ts). Nothing here touches users or sessions.
 */
import { decodeJwt } from "jose"
import * as o from "oauth4webapi"
import { InvalidCheck, OAuthCallbackError } from "../errors"
import type { Profile, TokenSet } from "../types"
import type { CheckValues } from "./checks"
import { providerFetch, requestOptions } from "./http"
import { tokenCredentialParams } from "./credential-params"
import { verifyIdTokenSignature } from "./id-token"
import type { ResolvedOAuthProvider } from "./normalise"
import { issuerVerdict } from "./issuer-check"
import { authorizationServer, clientAuthFor, clientFor, issuerIsDiscovered } from "./server"

export interface ExchangeResult {
  profile: Profile
  tokens: TokenSet
}

function callbackError(message: string, cause?: unknown): OAuthCallbackError {
  return new OAuthCallbackError(message, cause === undefined ? undefined : { cause })
}

/** A JWT claim that is one of the checks (nonce) failing to match is a check failure, not a provider fault. */
function isCheckFailure(error: unknown): boolean {
  if (!(error instanceof o.OperationProcessingError)) return false
  const claim = (error.cause as { claim?: unknown } | undefined)?.claim
  return error.code === o.JWT_CLAIM_COMPARISON && (claim === "nonce" || claim === "iss")
}

/** Plain token fields, with expires_at computed from expires_in. */
export function toTokenSet(response: o.TokenEndpointResponse): TokenSet {
  const tokens: TokenSet = { ...(response as Record<string, unknown>) }
  const expiresIn = Number(response.expires_in)
  if (response.expires_in !== undefined && Number.isFinite(expiresIn)) tokens.expires_at = Math.floor(Date.now() / 1000) + expiresIn
  return tokens
}

async function readUserinfo(
  provider: ResolvedOAuthProvider,
  as: o.AuthorizationServer,
  tokens: TokenSet,
): Promise<Profile> {
  const fetchImpl = providerFetch(provider)
  if (provider.userinfo.request) {
    return provider.userinfo.request({
      tokens,
      provider: { id: provider.id, clientId: provider.clientId, userinfoUrl: as.userinfo_endpoint },
      fetch: fetchImpl,
    })
  }
  if (!as.userinfo_endpoint) throw callbackError(`"${provider.id}" has no userinfo endpoint`)
  const url = new URL(as.userinfo_endpoint)
  for (const [key, value] of Object.entries(provider.userinfo.params)) url.searchParams.set(key, value)
  const response = await fetchImpl(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json" },
  })
  if (!response.ok) throw callbackError(`The userinfo endpoint answered ${response.status}`)
  const body = (await response.json()) as unknown
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw callbackError("The userinfo response is not an object")
  return body as Profile
}

/** The issuer an ID token must carry: the discovered one, or a multi-tenant template filled from the token. */
async function expectedIssuer(provider: ResolvedOAuthProvider, as: o.AuthorizationServer, response: Response): Promise<string> {
  if (provider.options?.issuerTemplate !== true || !as.issuer.includes("{tenantid}")) return as.issuer
  const body = (await response.clone().json()) as { id_token?: unknown }
  const tid = typeof body.id_token === "string" ? decodeJwt(body.id_token).tid : undefined
  if (typeof tid !== "string" || !/^[\w-]+$/.test(tid)) throw callbackError("The ID token names no tenant")
  return as.issuer.replace("{tenantid}", tid)
}

export async function exchangeCode(
  provider: ResolvedOAuthProvider,
  callbackParams: URLSearchParams,
  checks: CheckValues,
  redirectUri: string,
): Promise<ExchangeResult> {
  let as: o.AuthorizationServer
  try {
    as = await authorizationServer(provider)
  } catch (cause) {
    throw callbackError(`Could not read the configuration of "${provider.id}"`, cause)
  }
  const client = clientFor(provider)

  const verdict = issuerVerdict(provider, as, callbackParams, issuerIsDiscovered(provider))
  let validated: URLSearchParams
  try {
    // An `iss` the configuration cannot be held to is reported as a configuration error, but only
    // for a response that is otherwise this sign-in's: a forged link (wrong state) stays a failed check.
    const asForResponse = verdict.kind === "unchecked" ? { ...as, issuer: verdict.iss } : as
    validated = o.validateAuthResponse(asForResponse, client, callbackParams, checks.state)
  } catch (cause) {
    if (cause instanceof o.AuthorizationResponseError) throw callbackError(`The provider answered ${cause.error}`, cause)
    throw new InvalidCheck("The authorization response does not match this sign-in (state or iss)", { cause })
  }
  if (verdict.kind === "unchecked") throw verdict.error

  let tokenResponse: o.TokenEndpointResponse
  let response: Response
  try {
    response = await o.authorizationCodeGrantRequest(
      as,
      client,
      await clientAuthFor(provider),
      validated,
      redirectUri,
      checks.codeVerifier ?? o.nopkce,
      { ...requestOptions(provider), additionalParameters: { ...provider.token.params, ...tokenCredentialParams(provider) } },
    )
    const conform = provider.options?.conformTokenResponse as ((r: Response) => Promise<Response>) | undefined
    if (conform) response = await conform(response)
    const issuer = provider.type === "oidc" ? await expectedIssuer(provider, as, response) : as.issuer
    const asForToken = { ...as, issuer }
    tokenResponse = await o.processAuthorizationCodeResponse(asForToken, client, response, {
      expectedNonce: checks.nonce ?? o.expectNoNonce,
      requireIdToken: provider.type === "oidc",
    })
    as = asForToken
  } catch (cause) {
    if (cause instanceof OAuthCallbackError) throw cause
    if (isCheckFailure(cause)) throw new InvalidCheck("The ID token does not match this sign-in", { cause })
    throw callbackError("The code could not be exchanged for tokens", cause)
  }
  const tokens = toTokenSet(tokenResponse)

  try {
    if (provider.type === "oidc") {
      const claims = o.getValidatedIdTokenClaims(tokenResponse)
      await verifyIdTokenSignature(tokenResponse.id_token as string, as, provider, as.issuer)
      let profile = { ...claims } as Profile
      if ((provider.idToken === false || profile.email === undefined) && as.userinfo_endpoint && tokens.access_token) {
        const userinfo = await o.processUserInfoResponse(
          as,
          client,
          claims?.sub as string,
          await o.userInfoRequest(as, client, tokens.access_token, requestOptions(provider)),
        )
        profile = { ...profile, ...(userinfo as Profile) }
      }
      return { profile, tokens }
    }
    return { profile: await readUserinfo(provider, as, tokens), tokens }
  } catch (cause) {
    if (cause instanceof OAuthCallbackError) throw cause
    throw callbackError("The ID token or profile could not be verified", cause)
  }
}
