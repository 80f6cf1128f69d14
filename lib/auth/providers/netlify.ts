/**
 * Netlify (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/netlify
 * Variables: AUTH_NETLIFY_ID, AUTH_NETLIFY_SECRET
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://open-api.netlify.com/#tag/user/operation/getCurrentUser */
export interface NetlifyProfile {
  id: string
  uid?: string
  full_name: string | null
  avatar_url: string | null
  email: string
  affiliate_id?: string
  site_count?: number
  created_at?: string
  last_login?: string
  login_providers?: string[]
  [field: string]: unknown
}

export default function Netlify(options: OAuthUserConfig<NetlifyProfile> = {}): OAuthConfig<NetlifyProfile> {
  return mergeOptions<OAuthConfig<NetlifyProfile>>(
    {
      id: "netlify",
      name: "Netlify",
      type: "oauth",
      // Netlify's authorize endpoint takes an empty scope.
      authorization: { url: "https://app.netlify.com/authorize", params: { scope: "" } },
      token: "https://api.netlify.com/oauth/token",
      userinfo: "https://api.netlify.com/api/v1/user",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.full_name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null }
      },
      style: { brandColor: "#32e6e2" },
    },
    options,
  )
}
