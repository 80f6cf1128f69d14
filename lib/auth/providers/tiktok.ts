/**
 * TikTok (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/tiktok
 * Variables: AUTH_TIKTOK_ID, AUTH_TIKTOK_SECRET
 *
 * Login Kit v2. TikTok calls the client id `client_key`: it is sent under
 * that name too, in the authorization request and the token form (which
 * also carries the secret). The user is `data.user`; TikTok shares no
 * email address. AUTH_TIKTOK_ID is the app's client key.
 *
 * Differs from @auth/core in when client_key is filled: @auth/core reads
 * `options.clientId` when the factory runs (so AUTH_TIKTOK_ID alone sends
 * "undefined"); ours fills it when each request is built. TikTok's "Login
 * Kit for Web" (https://developers.tiktok.com/doc/login-kit-web) sends the
 * user to https://www.tiktok.com/v2/auth/authorize/ with client_key, scope,
 * response_type=code, redirect_uri and state, and redirects back with `code`,
 * `scopes` (what the user granted) and `state`, or `error` and
 * `error_description`; the token request ("Manage User Access Tokens",
 * https://developers.tiktok.com/doc/oauth-user-access-token-management) takes
 * client_key, client_secret, code, grant_type and redirect_uri as a form.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info */
export interface TikTokProfile {
  data: {
    user: {
      open_id: string
      union_id?: string
      avatar_url?: string
      avatar_url_100?: string
      avatar_large_url?: string
      display_name: string
      bio_description?: string
      profile_deep_link?: string
      is_verified?: boolean
      username?: string
      follower_count?: number
      following_count?: number
      likes_count?: number
      video_count?: number
    }
  }
  error?: { code: string; message: string; log_id: string }
  [field: string]: unknown
}

export default function TikTok(options: OAuthUserConfig<TikTokProfile> = {}): OAuthConfig<TikTokProfile> {
  return mergeOptions<OAuthConfig<TikTokProfile>>(
    {
      id: "tiktok",
      name: "TikTok",
      type: "oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: { url: "https://www.tiktok.com/v2/auth/authorize", params: { scope: "user.info.basic" } },
      token: "https://open.tiktokapis.com/v2/oauth/token/",
      userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name",
      profile(profile) {
        const user = profile.data?.user
        return { id: accountId(user?.open_id), name: user.display_name ?? null, email: null, image: user.avatar_url ?? null }
      },
      options: { credentialParams: { clientId: "client_key" } },
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
