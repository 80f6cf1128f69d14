/**
 * IdentityServer4 (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/identity-server4
 * Variables: AUTH_IDENTITY_SERVER4_ID, AUTH_IDENTITY_SERVER4_SECRET, AUTH_IDENTITY_SERVER4_ISSUER
 *
 * The issuer is the IdentityServer's base URL. IdentityServer4 is out of support; Duende IdentityServer is its successor.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://identityserver4.readthedocs.io/en/latest/topics/resources.html */
export interface IdentityServer4Profile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function IdentityServer4(options: OAuthUserConfig<IdentityServer4Profile> = {}): OAuthConfig<IdentityServer4Profile> {
  return oidcPreset<IdentityServer4Profile>(
    {
      id: "identity-server4",
      name: "IdentityServer4",
      style: { brandColor: "#2a6ebb" },
    },
    options,
  )
}
