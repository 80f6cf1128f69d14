/**
 * Pinterest (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/pinterest
 * Variables: AUTH_PINTEREST_ID, AUTH_PINTEREST_SECRET
 *
 * The account is keyed by its username (the v5 user account has no other
 * id); Pinterest shares no email address.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.pinterest.com/docs/api/v5/user_account-get */
export interface PinterestProfile {
  account_type: "BUSINESS" | "PINNER"
  username: string
  profile_image: string
  website_url?: string
  business_name?: string
  board_count?: number
  pin_count?: number
  follower_count?: number
  following_count?: number
  monthly_views?: number
  [field: string]: unknown
}

export default function Pinterest(options: OAuthUserConfig<PinterestProfile> = {}): OAuthConfig<PinterestProfile> {
  return mergeOptions<OAuthConfig<PinterestProfile>>(
    {
      id: "pinterest",
      name: "Pinterest",
      type: "oauth",
      authorization: { url: "https://www.pinterest.com/oauth", params: { scope: "user_accounts:read" } },
      token: "https://api.pinterest.com/v5/oauth/token",
      userinfo: "https://api.pinterest.com/v5/user_account",
      profile(profile) {
        return { id: accountId(profile.username), name: profile.username, email: null, image: profile.profile_image ?? null }
      },
      style: { brandColor: "#bd081c" },
    },
    options,
  )
}
