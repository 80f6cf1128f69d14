/**
 * Authentik (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/authentik
 * Variables: AUTH_AUTHENTIK_ID, AUTH_AUTHENTIK_SECRET, AUTH_AUTHENTIK_ISSUER
 *
 * The issuer is the application's, e.g. https://authentik.example.com/application/o/my-app/.
 */
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { userFromClaims } from "./standard-claims"
import type { Profile } from "../types"

/** https://docs.goauthentik.io/docs/add-secure-apps/providers/oauth2/ */
export interface AuthentikProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function Authentik(options: OAuthUserConfig<AuthentikProfile> = {}): OAuthConfig<AuthentikProfile> {
  return OIDC<AuthentikProfile>(
    mergeOptions<OAuthUserConfig<AuthentikProfile>>(
      {
        id: "authentik",
        name: "Authentik",
        profile: userFromClaims,
        style: { brandColor: "#fd4b2d" },
      },
      options,
    ),
  )
}
