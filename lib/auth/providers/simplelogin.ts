/**
 * SimpleLogin (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/simplelogin
 * Variables: AUTH_SIMPLELOGIN_ID, AUTH_SIMPLELOGIN_SECRET
 *
 * The picture is in SimpleLogin's own `avatar_url` claim.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://simplelogin.io/docs/siwsl/app/ (userinfo) */
export interface SimpleLoginProfile {
  sub: string
  id?: number
  name?: string
  email?: string
  email_verified?: boolean
  avatar_url?: string | null
  client?: string
  [claim: string]: unknown
}

export default function SimpleLogin(options: OAuthUserConfig<SimpleLoginProfile> = {}): OAuthConfig<SimpleLoginProfile> {
  return mergeOptions<OAuthConfig<SimpleLoginProfile>>(
    {
      id: "simplelogin",
      name: "SimpleLogin",
      type: "oidc",
      issuer: "https://app.simplelogin.io",
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null }
      },
      style: { brandColor: "#e3156a" },
    },
    options,
  )
}
