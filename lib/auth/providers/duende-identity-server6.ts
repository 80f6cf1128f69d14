/**
 * DuendeIdentityServer6 (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/duende-identity-server6
 * Variables: AUTH_DUENDE_IDENTITY_SERVER6_ID, AUTH_DUENDE_IDENTITY_SERVER6_SECRET, AUTH_DUENDE_IDENTITY_SERVER6_ISSUER
 *
 * The issuer is the IdentityServer's base URL.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://docs.duendesoftware.com/identityserver/v6/fundamentals/claims/ */
export interface DuendeIdentityServer6Profile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function DuendeIdentityServer6(options: OAuthUserConfig<DuendeIdentityServer6Profile> = {}): OAuthConfig<DuendeIdentityServer6Profile> {
  return oidcPreset<DuendeIdentityServer6Profile>(
    {
      id: "duende-identity-server6",
      name: "DuendeIdentityServer6",
      style: { brandColor: "#2a6ebb" },
    },
    options,
  )
}
