/**
 * POST /signin/:provider for OAuth/OIDC providers (CSRF already checked):
 * a 302 to the authorization endpoint with fresh state, PKCE (S256) and
 * nonce, whose values go into encrypted check cookies. Parameters from the
 * request query are added, but never replace the ones that bind the
 * response to this client and this browser.
 */
import * as o from "oauth4webapi"
import type { AuthContext } from "../../context"
import { OAuthSignInError } from "../../errors"
import type { ResponseInternal } from "../../http/response"
import { createChecks } from "../../oauth/checks"
import { authorizationCredentialParams } from "../../oauth/credential-params"
import type { ResolvedOAuthProvider } from "../../oauth/normalise"
import { isOnProxy, ownCallbackUrl, redirectUriFor } from "../../oauth/redirect-uri"
import { authorizationServer } from "../../oauth/server"
import { newState } from "../../oauth/state"

/** Set by the engine only; a request cannot supply them. */
const RESERVED = new Set([
  "redirect_uri",
  "client_id",
  "response_type",
  "state",
  "code_challenge",
  "code_challenge_method",
  "nonce",
  "callbackUrl",
  "csrfToken",
])

export async function oauthSignIn(ctx: AuthContext, provider: ResolvedOAuthProvider): Promise<ResponseInternal> {
  await ctx.callbackUrl()
  let endpoint: string | undefined
  try {
    endpoint = (await authorizationServer(provider)).authorization_endpoint
  } catch (cause) {
    throw new OAuthSignInError(`Could not read the configuration of "${provider.id}"`, { cause })
  }
  if (!endpoint) throw new OAuthSignInError(`"${provider.id}" has no authorization endpoint`)

  const returnTo = provider.proxyRedirectUri && !isOnProxy(ctx, provider) ? ownCallbackUrl(ctx, provider) : undefined
  const state = await newState(ctx.config.keyRing, returnTo)
  const checks = await createChecks(ctx, provider, state)

  const url = new URL(endpoint)
  const params = url.searchParams
  for (const [key, value] of Object.entries(provider.authorization.params)) params.set(key, value)
  for (const [key, value] of Object.entries(ctx.request.query)) if (!RESERVED.has(key)) params.set(key, value)
  // A provider may name its own (Azure DevOps: "Assertion"); a request cannot (RESERVED).
  params.set("response_type", provider.authorization.params.response_type ?? "code")
  params.set("client_id", provider.clientId ?? "")
  for (const [key, value] of Object.entries(authorizationCredentialParams(provider))) params.set(key, value)
  params.set("redirect_uri", redirectUriFor(ctx, provider))
  params.set("state", checks.values.state)
  if (checks.values.codeVerifier) {
    params.set("code_challenge", await o.calculatePKCECodeChallenge(checks.values.codeVerifier))
    params.set("code_challenge_method", "S256")
  }
  if (checks.values.nonce) params.set("nonce", checks.values.nonce)
  return { redirect: url.href, cookies: [...ctx.outCookies, ...checks.cookies] }
}
