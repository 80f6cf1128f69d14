/**
 * Any OpenID Connect provider from its issuer alone (Keycloak, Authentik,
 * Auth0, Okta, Zitadel, …): endpoints and keys come from discovery. The
 * starter configures it from AUTH_OIDC_ISSUER, AUTH_OIDC_ID, AUTH_OIDC_SECRET
 * and AUTH_OIDC_NAME. Callback URL: {origin}{basePath}/callback/oidc
 */
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"

export default function OIDC<P extends Profile = Profile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return mergeOptions<OAuthConfig<P>>(
    {
      id: "oidc",
      name: "OpenID Connect",
      type: "oidc",
      style: { brandColor: "#52525b" },
    },
    options,
  )
}
