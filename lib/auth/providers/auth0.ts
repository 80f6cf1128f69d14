/**
 * Auth0 (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/auth0
 * Variables: AUTH_AUTH0_ID, AUTH_AUTH0_SECRET, AUTH_AUTH0_ISSUER
 *
 * The issuer is the tenant's domain, e.g. https://dev-abc123.us.auth0.com (or a custom domain).
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://auth0.com/docs/secure/tokens/id-tokens/id-token-structure */
export interface Auth0Profile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function Auth0(options: OAuthUserConfig<Auth0Profile> = {}): OAuthConfig<Auth0Profile> {
  return oidcPreset<Auth0Profile>(
    {
      id: "auth0",
      name: "Auth0",
      style: { brandColor: "#eb5424", bg: "#eb5424", text: "#ffffff" },
    },
    options,
  )
}
