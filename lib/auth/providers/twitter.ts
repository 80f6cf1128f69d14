/**
 * X (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/twitter
 * Variables: AUTH_TWITTER_ID, AUTH_TWITTER_SECRET
 *
 * Formerly Twitter; OAuth 2.0 with PKCE, the microblogging profile. The user id
 * is a string (no large-integer loss). Email comes only when the user grants
 * the `users.email` scope; otherwise the account has none. OAuth 1.0a
 * (`version: "1.0a"`) is not supported.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.x.com/x-api/users/user-lookup-me (a short post is called "post" here). */
export interface TwitterProfile {
  data: {
    id: string
    name: string
    username: string
    created_at?: string
    description?: string
    email?: string
    confirmed_email?: string
    entities?: {
      description?: { hashtags?: { end: number; start: number; tag: string }[] }
      url?: { urls?: { display_url: string; end: number; expanded_url: string; start: number; url: string }[] }
    }
    location?: string
    pinned_post_id?: string
    profile_image_url?: string
    protected?: boolean
    url?: string
    verified?: boolean
  }
  includes?: { posts?: { id: string; text: string }[] }
  [claim: string]: unknown
}

export interface TwitterOptions extends OAuthUserConfig<TwitterProfile> {
  /** "2.0" (the only one supported). */
  version?: "2.0"
}

export default function Twitter(options: TwitterOptions = {}): OAuthConfig<TwitterProfile> {
  const { version, ...rest } = options
  if (version !== undefined && version !== "2.0") {
    throw new TypeError(`X/Twitter: OAuth ${String(version)} is not supported; use version "2.0"`)
  }
  return mergeOptions<OAuthConfig<TwitterProfile>>(
    {
      id: "twitter",
      name: "X",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://x.com/i/oauth2/authorize",
        params: { scope: "users.read tweet.read offline.access users.email" },
      },
      token: "https://api.x.com/2/oauth2/token",
      userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email",
      profile(profile) {
        const data = profile.data
        return {
          id: accountId(data?.id),
          name: data.name,
          email: data.email ?? data.confirmed_email ?? null,
          image: data.profile_image_url ?? null,
        }
      },
      options: { version: "2.0" },
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    rest,
  )
}
