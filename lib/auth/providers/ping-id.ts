/**
 * Ping Identity (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/ping-id
 * Variables: AUTH_PING_ID_ID, AUTH_PING_ID_SECRET, AUTH_PING_ID_ISSUER
 *
 * The issuer is the PingOne environment's, e.g.
 * https://auth.pingone.com/<environment-id>/as.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"

/** https://apidocs.pingidentity.com/pingone/platform/v1/api/#openid-connectoauth-2 */
export interface PingProfile {
  iss: string
  sub: string
  aud: string
  env?: string
  org?: string
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  nickname?: string
  email?: string
  email_verified?: boolean
  picture?: string
  [claim: string]: unknown
}

export default function PingId(options: OAuthUserConfig<PingProfile> = {}): OAuthConfig<PingProfile> {
  return oidcPreset<PingProfile>(
    {
      id: "ping-id",
      name: "Ping Identity",
      style: { brandColor: "#b3282d" },
    },
    options,
  )
}
