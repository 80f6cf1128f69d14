/**
 * Bitbucket (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/bitbucket
 * Variables: AUTH_BITBUCKET_ID, AUTH_BITBUCKET_SECRET
 *
 * The `account` scope reads the user, which carries no address: the account
 * has none (as with @auth/core's).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get */
export interface BitbucketProfile {
  type: "user"
  uuid: string
  account_id: string
  username?: string
  nickname?: string
  display_name: string | null
  account_status?: string
  created_on?: string
  has_2fa_enabled?: boolean | null
  is_staff?: boolean
  location?: string | null
  links: {
    avatar?: { href: string }
    html?: { href: string }
    self?: { href: string }
    [link: string]: { href: string } | undefined
  }
  [field: string]: unknown
}

export default function Bitbucket(options: OAuthUserConfig<BitbucketProfile> = {}): OAuthConfig<BitbucketProfile> {
  return mergeOptions<OAuthConfig<BitbucketProfile>>(
    {
      id: "bitbucket",
      name: "Bitbucket",
      type: "oauth",
      authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account" } },
      token: "https://bitbucket.org/site/oauth2/access_token",
      userinfo: "https://api.bitbucket.org/2.0/user",
      profile(profile) {
        return {
          id: accountId(profile.account_id),
          name: profile.display_name ?? profile.username ?? null,
          email: null,
          image: profile.links?.avatar?.href ?? null,
        }
      },
      style: { brandColor: "#205081", bg: "#205081", text: "#ffffff" },
    },
    options,
  )
}
