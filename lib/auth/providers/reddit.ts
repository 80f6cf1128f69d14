/**
 * Reddit (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/reddit
 * Variables: AUTH_REDDIT_ID, AUTH_REDDIT_SECRET
 *
 * Reddit shares no email address. The user is @auth/core's: the account's
 * id and name, no image. Reddit's API reference for GET /api/v1/me
 * (https://www.reddit.com/dev/api/#GET_api_v1_me, scope `identity`) says only
 * that it returns the identity of the user and documents none of its fields,
 * so no undocumented one (such as an icon URL) is read.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.reddit.com/dev/api/#GET_api_v1_me (the fields are not documented there; these are the ones relied on) */
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
        return { id: accountId(profile.id), name: profile.name ?? null, email: null, image: null }
      },
      style: { brandColor: "#ff4500" },
    },
    options,
  )
}
