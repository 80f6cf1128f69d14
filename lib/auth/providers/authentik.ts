/**
 * Authentik (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/authentik
 * Variables: AUTH_AUTHENTIK_ID, AUTH_AUTHENTIK_SECRET, AUTH_AUTHENTIK_ISSUER
 *
 * The issuer is the application's, e.g. https://authentik.example.com/application/o/my-app/.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
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
  return oidcPreset<AuthentikProfile>(
    {
      id: "authentik",
      name: "Authentik",
      style: { brandColor: "#fd4b2d" },
    },
    options,
  )
}
