/**
 * Frontegg (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/frontegg
 * Variables: AUTH_FRONTEGG_ID, AUTH_FRONTEGG_SECRET, AUTH_FRONTEGG_ISSUER
 *
 * The issuer is the workspace's login URL, e.g. https://app-abc.frontegg.com.
 * Frontegg keeps its discovery document under /oauth and its endpoints at
 * fixed paths below the issuer, so the factory needs `issuer` (the starter
 * passes AUTH_FRONTEGG_ISSUER).
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://docs.frontegg.com/docs/using-frontegg-oauth-endpoints (ID token claims) */
export interface FronteggProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  picture?: string
  tenantId?: string
  tenantIds?: string[]
}

export default function Frontegg(options: OAuthUserConfig<FronteggProfile> = {}): OAuthConfig<FronteggProfile> {
  const base = options.issuer?.replace(/\/+$/, "")
  const endpoints: OAuthUserConfig<FronteggProfile> = base
    ? {
        issuer: base,
        wellKnown: `${base}/oauth/.well-known/openid-configuration`,
        authorization: { url: `${base}/oauth/authorize` },
        token: `${base}/oauth/token`,
        userinfo: `${base}/identity/resources/users/v2/me`,
      }
    : {}
  return oidcPreset<FronteggProfile>({ id: "frontegg", name: "Frontegg", ...endpoints, style: { brandColor: "#4c50f6" } }, { ...options, issuer: base })
}
