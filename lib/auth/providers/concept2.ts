/**
 * Concept2 (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/concept2
 * Variables: AUTH_CONCEPT2_ID, AUTH_CONCEPT2_SECRET
 *
 * The Concept2 Logbook. The scopes are @auth/core's (user:read,results:write;
 * Concept2 separates scopes with commas).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://log.concept2.com/developers/documentation/#logbook-users-get */
export interface Concept2Profile {
  data: {
    id: number
    username: string
    first_name: string
    last_name: string
    gender?: string
    dob?: string
    email: string
    country?: string
    profile_image: string | null
    age_restricted?: boolean
    email_permission?: boolean | null
    max_heart_rate?: number | null
    weight?: number | null
    logbook_privacy?: string | null
  }
  [field: string]: unknown
}

export default function Concept2(options: OAuthUserConfig<Concept2Profile> = {}): OAuthConfig<Concept2Profile> {
  return mergeOptions<OAuthConfig<Concept2Profile>>(
    {
      id: "concept2",
      name: "Concept2",
      type: "oauth",
      authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read,results:write" } },
      token: "https://log.concept2.com/oauth/access_token",
      userinfo: "https://log.concept2.com/api/users/me",
      profile(profile) {
        const data = profile.data
        return { id: accountId(data?.id), name: data.username ?? null, email: data.email ?? null, image: data.profile_image ?? null }
      },
      style: { brandColor: "#003a70" },
    },
    options,
  )
}
