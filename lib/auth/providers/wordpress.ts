/**
 * WordPress.com (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/wordpress
 * Variables: AUTH_WORDPRESS_ID, AUTH_WORDPRESS_SECRET
 *
 * The numeric user id becomes a string; its `email_verified` flag counts.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.wordpress.com/docs/api/1/get/me/ */
export interface WordPressProfile {
  ID: number
  display_name: string
  username: string
  email: string
  email_verified?: boolean
  primary_blog?: number
  language?: string
  token_site_id?: boolean | number
  avatar_URL: string
  profile_URL: string
  site_count?: number
  [field: string]: unknown
}

export default function WordPress(options: OAuthUserConfig<WordPressProfile> = {}): OAuthConfig<WordPressProfile> {
  return mergeOptions<OAuthConfig<WordPressProfile>>(
    {
      id: "wordpress",
      name: "WordPress.com",
      type: "oauth",
      authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
      token: "https://public-api.wordpress.com/oauth2/token",
      userinfo: "https://public-api.wordpress.com/rest/v1/me",
      profile(profile) {
        return { id: accountId(profile.ID), name: profile.display_name ?? null, email: profile.email ?? null, image: profile.avatar_URL ?? null }
      },
      style: { brandColor: "#3499cd" },
    },
    options,
  )
}
