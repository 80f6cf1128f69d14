/**
 * Okta (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/okta
 * Variables: AUTH_OKTA_ID, AUTH_OKTA_SECRET, AUTH_OKTA_ISSUER
 *
 * The issuer is the Okta org or custom authorization server, e.g.
 * https://<org>.okta.com/oauth2/default. PKCE and state; no nonce.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"

/** https://developer.okta.com/docs/reference/api/oidc/#scope-dependent-claims-not-always-returned */
export interface OktaProfile {
  iss: string
  sub: string
  aud: string
  name?: string
  preferred_username?: string
  nickname?: string
  given_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  picture?: string
  locale?: string
  zoneinfo?: string
  [claim: string]: unknown
}

export default function Okta(options: OAuthUserConfig<OktaProfile> = {}): OAuthConfig<OktaProfile> {
  return oidcPreset<OktaProfile>(
    {
      id: "okta",
      name: "Okta",
      checks: ["pkce", "state"],
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
