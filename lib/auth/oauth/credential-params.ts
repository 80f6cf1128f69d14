/**
 * Providers that want the client's credentials under names of their own as
 * well as the standard ones (TikTok's `client_key`, WeChat's `appid` and
 * `secret`). A factory names them in `options.credentialParams`; the values
 * are read when the request is built, so credentials that come from the
 * environment (filled in after the factory ran) are sent too.
 */
import type { OAuthConfig } from "../providers/oauth-types"
import type { Profile } from "../types"

export interface CredentialParamNames {
  /** Also sent in the authorization request and the token request. */
  clientId?: string
  /** Also sent in the token request's form. */
  clientSecret?: string
}

function namesOf(provider: Pick<OAuthConfig<Profile>, "options">): CredentialParamNames {
  const names = provider.options?.credentialParams
  return typeof names === "object" && names !== null ? (names as CredentialParamNames) : {}
}

export function authorizationCredentialParams(provider: Pick<OAuthConfig<Profile>, "options" | "clientId">): Record<string, string> {
  const { clientId } = namesOf(provider)
  return clientId ? { [clientId]: provider.clientId ?? "" } : {}
}

export function tokenCredentialParams(provider: Pick<OAuthConfig<Profile>, "options" | "clientId" | "clientSecret">): Record<string, string> {
  const { clientId, clientSecret } = namesOf(provider)
  return {
    ...(clientId ? { [clientId]: provider.clientId ?? "" } : {}),
    ...(clientSecret ? { [clientSecret]: provider.clientSecret ?? "" } : {}),
  }
}
