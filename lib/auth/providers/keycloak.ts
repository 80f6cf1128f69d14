/**
 * Keycloak (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/keycloak
 * Variables: AUTH_KEYCLOAK_ID, AUTH_KEYCLOAK_SECRET, AUTH_KEYCLOAK_ISSUER
 *
 * The issuer is the realm's URL, e.g. https://keycloak.example.com/realms/myrealm.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://www.keycloak.org/docs/latest/server_admin/#_oidc */
export interface KeycloakProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function Keycloak(options: OAuthUserConfig<KeycloakProfile> = {}): OAuthConfig<KeycloakProfile> {
  return oidcPreset<KeycloakProfile>(
    {
      id: "keycloak",
      name: "Keycloak",
      style: { brandColor: "#428bca" },
    },
    options,
  )
}
