/**
 * Instagram (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/instagram
 * Variables: AUTH_INSTAGRAM_ID, AUTH_INSTAGRAM_SECRET
 *
 * The Basic Display API (user_profile scope) as @auth/core has it; Meta
 * retired that API in December 2024, so new apps need Instagram's business
 * login instead (give its URLs as options). Instagram shares neither an
 * address nor an image; the username is the name. The client authenticates
 * with client_secret_post, and the token answer, which has no token_type,
 * is read as a bearer token.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { asBearerTokenResponse } from "./token-type"

/** https://developers.facebook.com/docs/instagram-basic-display-api/reference/user#fields */
export interface InstagramProfile {
  id: string
  username: string
  account_type?: "BUSINESS" | "MEDIA_CREATOR" | "PERSONAL"
  media_count?: number
  name?: string
  [field: string]: unknown
}

export default function Instagram(options: OAuthUserConfig<InstagramProfile> = {}): OAuthConfig<InstagramProfile> {
  return mergeOptions<OAuthConfig<InstagramProfile>>(
    {
      id: "instagram",
      name: "Instagram",
      type: "oauth",
      authorization: { url: "https://api.instagram.com/oauth/authorize", params: { scope: "user_profile" } },
      token: "https://api.instagram.com/oauth/access_token",
      userinfo: "https://graph.instagram.com/me?fields=id,username,account_type,name",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        return { id: accountId(profile.id), name: profile.username ?? null, email: null, image: null }
      },
      options: { conformTokenResponse: asBearerTokenResponse },
      style: { brandColor: "#e4405f", bg: "#ffffff", text: "#000000" },
    },
    options,
  )
}
