/**
 * Asgardeo (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/asgardeo
 * Variables: AUTH_ASGARDEO_ID, AUTH_ASGARDEO_SECRET, AUTH_ASGARDEO_ISSUER
 *
 * The issuer is the organisation's URL, https://api.asgardeo.io/t/<org>; its
 * OpenID Provider lives under /oauth2/token (the issuer in its ID tokens and
 * the place of its discovery document), so that path is added when missing.
 *
 * Differs from @auth/core, which keeps the organisation URL as the issuer and
 * only moves the discovery URL: Asgardeo's "Discover OpenID Connect endpoints
 * and configurations" (https://wso2.com/asgardeo/docs/guides/authentication/oidc/discover-oidc-configs)
 * gives the issuer as https://api.asgardeo.io/t/<org>/oauth2/token, with the
 * discovery document under it, and that issuer is what the ID tokens carry
 * and what our discovery and ID-token checks compare against.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://wso2.com/asgardeo/docs/guides/users/attributes/user-attributes/ (OIDC claims) */
export interface AsgardeoProfile extends Profile {
  sub: string
  given_name?: string
  family_name?: string
  email?: string
  picture?: string
  username?: string
}

const TOKEN_PATH = "/oauth2/token"

export function asgardeoIssuer(issuer: string): string {
  const trimmed = issuer.replace(/\/+$/, "")
  return trimmed.endsWith(TOKEN_PATH) ? trimmed : `${trimmed}${TOKEN_PATH}`
}

export default function Asgardeo(options: OAuthUserConfig<AsgardeoProfile> = {}): OAuthConfig<AsgardeoProfile> {
  const issuer = options.issuer === undefined ? undefined : asgardeoIssuer(options.issuer)
  return oidcPreset<AsgardeoProfile>(
    {
      id: "asgardeo",
      name: "Asgardeo",
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    { ...options, issuer },
  )
}
