/**
 * Descope (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/descope
 * Variables: AUTH_DESCOPE_ID, AUTH_DESCOPE_SECRET[, AUTH_DESCOPE_ISSUER]
 *
 * The client id is the Descope project id, and the issuer is
 * https://api.descope.com/<project id> unless `issuer` says otherwise (so the
 * factory needs `clientId` for it; the starter passes AUTH_DESCOPE_ID). PKCE
 * and state, no nonce.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://docs.descope.com/topics/tokens/session-token (OIDC ID token claims) */
export interface DescopeProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  phone_number_verified?: boolean
  picture?: string
  given_name?: string
  family_name?: string
}

export default function Descope(options: OAuthUserConfig<DescopeProfile> = {}): OAuthConfig<DescopeProfile> {
  const issuer = options.issuer ?? (options.clientId ? `https://api.descope.com/${options.clientId}` : undefined)
  return oidcPreset<DescopeProfile>(
    {
      id: "descope",
      name: "Descope",
      checks: ["pkce", "state"],
      style: { brandColor: "#1c1c23", bg: "#1c1c23", text: "#ffffff" },
    },
    { ...options, issuer },
  )
}
