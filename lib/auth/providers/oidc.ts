/**
 * Any OpenID Connect provider (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/oidc
 * Variables: AUTH_OIDC_ID, AUTH_OIDC_SECRET, AUTH_OIDC_ISSUER[, AUTH_OIDC_NAME, AUTH_OIDC_FEDERATED_SIGN_OUT]
 *
 * A provider from its issuer alone (Keycloak, Authentik, Auth0, Okta, Zitadel,
 * …): endpoints and keys come from discovery.
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
