/**
 * Beyond Identity (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/beyondidentity
 * Variables: AUTH_BEYONDIDENTITY_ID, AUTH_BEYONDIDENTITY_SECRET, AUTH_BEYONDIDENTITY_ISSUER
 *
 * The issuer is the application's, e.g.
 * https://auth-us.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<app>.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"

/** https://developer.beyondidentity.com/docs/oidc (ID token claims) */
export interface BeyondIdentityProfile extends Profile {
  sub: string
  name?: string
  email?: string
  preferred_username?: string
}

export default function BeyondIdentity(options: OAuthUserConfig<BeyondIdentityProfile> = {}): OAuthConfig<BeyondIdentityProfile> {
  return OIDC<BeyondIdentityProfile>(
    mergeOptions<OAuthUserConfig<BeyondIdentityProfile>>(
      {
        id: "beyondidentity",
        name: "Beyond Identity",
        profile(profile) {
          return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: null }
        },
        style: { brandColor: "#5077c5", bg: "#5077c5", text: "#ffffff" },
      },
      options,
    ),
  )
}
