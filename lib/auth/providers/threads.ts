/**
 * Threads (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/threads
 * Variables: AUTH_THREADS_ID, AUTH_THREADS_SECRET
 *
 * Meta's Threads API. The token endpoint takes the credentials in the form
 * and answers without a token_type (it is a bearer token). Threads shares
 * no email address. The profile is read whether the fields come at the top
 * level, as the Graph API sends them, or wrapped in `data`.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { bearerWhenMissing, conformTokenResponse } from "./token-response"

interface ThreadsUser {
  id: string
  username?: string
  name?: string
  threads_profile_picture_url?: string
  threads_biography?: string
}

/** https://developers.facebook.com/docs/threads/threads-profiles */
export interface ThreadsProfile extends Partial<ThreadsUser> {
  data?: ThreadsUser
  [field: string]: unknown
}

export default function Threads(options: OAuthUserConfig<ThreadsProfile> = {}): OAuthConfig<ThreadsProfile> {
  return mergeOptions<OAuthConfig<ThreadsProfile>>(
    {
      id: "threads",
      name: "Threads",
      type: "oauth",
      checks: ["state"],
      authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
      token: "https://graph.threads.net/oauth/access_token",
      userinfo: "https://graph.threads.net/v1.0/me?fields=id,username,threads_profile_picture_url",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        const user = profile.data ?? profile
        return { id: accountId(user.id), name: user.username || null, email: null, image: user.threads_profile_picture_url || null }
      },
      options: { conformTokenResponse: conformTokenResponse(bearerWhenMissing) },
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
