/**
 * Strava (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/strava
 * Variables: AUTH_STRAVA_ID, AUTH_STRAVA_SECRET
 *
 * The athlete's numeric id becomes a string; Strava shares no email
 * address. The token endpoint takes the credentials in the form. The
 * authorization request is @auth/core's: response_type=code, scope=read,
 * approval_prompt=auto (https://developers.strava.com/docs/authentication/:
 * approval_prompt "force" or "auto"; Strava redirects back with `code`, the
 * `scope` the athlete accepted and `state`, or `error=access_denied`).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.strava.com/docs/reference/#api-models-DetailedAthlete */
export interface StravaProfile {
  id: number
  username: string | null
  firstname: string
  lastname: string
  profile: string
  profile_medium?: string
  city?: string | null
  state?: string | null
  country?: string | null
  sex?: "M" | "F" | null
  premium?: boolean
  summit?: boolean
  created_at?: string
  updated_at?: string
  [field: string]: unknown
}

export default function Strava(options: OAuthUserConfig<StravaProfile> = {}): OAuthConfig<StravaProfile> {
  return mergeOptions<OAuthConfig<StravaProfile>>(
    {
      id: "strava",
      name: "Strava",
      type: "oauth",
      authorization: {
        url: "https://www.strava.com/api/v3/oauth/authorize",
        params: { scope: "read", approval_prompt: "auto", response_type: "code" },
      },
      token: "https://www.strava.com/api/v3/oauth/token",
      userinfo: "https://www.strava.com/api/v3/athlete",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        return { id: accountId(profile.id), name: `${profile.firstname} ${profile.lastname}`, email: null, image: profile.profile ?? null }
      },
      style: { brandColor: "#fc4c02" },
    },
    options,
  )
}
