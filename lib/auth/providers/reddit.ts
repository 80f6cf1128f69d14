/**
 * Reddit (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/reddit
 * Variables: AUTH_REDDIT_ID, AUTH_REDDIT_SECRET
 *
 * Reddit shares no email address. The image is the account's icon
 * (`icon_img`, HTML-escaped in Reddit's JSON, so `&amp;` is undone).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.reddit.com/dev/api/#GET_api_v1_me */
export interface RedditProfile {
  id: string
  name: string
  icon_img?: string
  snoovatar_img?: string
  created_utc?: number
  verified?: boolean
  has_verified_email?: boolean
  total_karma?: number
  [field: string]: unknown
}

export default function Reddit(options: OAuthUserConfig<RedditProfile> = {}): OAuthConfig<RedditProfile> {
  return mergeOptions<OAuthConfig<RedditProfile>>(
    {
      id: "reddit",
      name: "Reddit",
      type: "oauth",
      // Reddit's classic OAuth does not take PKCE.
      checks: ["state"],
      authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
      token: "https://www.reddit.com/api/v1/access_token",
      userinfo: "https://oauth.reddit.com/api/v1/me",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? null, email: null, image: profile.icon_img ? profile.icon_img.replaceAll("&amp;", "&") : null }
      },
      style: { brandColor: "#ff4500" },
    },
    options,
  )
}
