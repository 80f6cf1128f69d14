/**
 * Logto (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/logto
 * Variables: AUTH_LOGTO_ID, AUTH_LOGTO_SECRET, AUTH_LOGTO_ISSUER
 *
 * The issuer is the tenant's OIDC endpoint, e.g. https://<tenant>.logto.app/oidc.
 * A user without a display name is named by their username.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.logto.io/docs/references/openid-connect/#claims */
export interface LogtoProfile {
  sub: string
  name?: string | null
  username?: string | null
  picture?: string | null
  email?: string | null
  email_verified?: boolean
  phone_number?: string | null
  phone_number_verified?: boolean
  [claim: string]: unknown
}

export default function Logto(options: OAuthUserConfig<LogtoProfile> = {}): OAuthConfig<LogtoProfile> {
  return mergeOptions<OAuthConfig<LogtoProfile>>(
    {
      id: "logto",
      name: "Logto",
      type: "oidc",
      authorization: { params: { scope: "offline_access openid email profile" } },
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? profile.username ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      style: { brandColor: "#5d34f2" },
    },
    options,
  )
}
