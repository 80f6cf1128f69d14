/**
 * DuendeIdentityServer6 (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/duende-identity-server6
 * Variables: AUTH_DUENDE_IDENTITY_SERVER6_ID, AUTH_DUENDE_IDENTITY_SERVER6_SECRET, AUTH_DUENDE_IDENTITY_SERVER6_ISSUER
 *
 * The issuer is the IdentityServer's base URL.
 */
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { userFromClaims } from "./standard-claims"
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
  return OIDC<DuendeIdentityServer6Profile>(
    mergeOptions<OAuthUserConfig<DuendeIdentityServer6Profile>>(
      {
        id: "duende-identity-server6",
        name: "DuendeIdentityServer6",
        profile: userFromClaims,
        style: { brandColor: "#2a6ebb" },
      },
      options,
    ),
  )
}
