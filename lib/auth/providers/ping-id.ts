/**
 * Ping Identity (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/ping-id
 * Variables: AUTH_PING_ID_ID, AUTH_PING_ID_SECRET, AUTH_PING_ID_ISSUER
 *
 * The issuer is the PingOne environment's, e.g.
 * https://auth.pingone.com/<environment-id>/as.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

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
  return mergeOptions<OAuthConfig<PingProfile>>(
    {
      id: "ping-id",
      name: "Ping Identity",
      type: "oidc",
      profile(profile) {
        return {
          id: accountId(profile.sub),
          name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
          email: profile.email ?? null,
          image: profile.picture ?? null,
        }
      },
      style: { brandColor: "#b3282d" },
    },
    options,
  )
}
