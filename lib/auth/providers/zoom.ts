/**
 * Zoom (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/zoom
 * Variables: AUTH_ZOOM_ID, AUTH_ZOOM_SECRET
 *
 * An address on an account Zoom has not verified (`verified: 0`) is not used.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId} */
export interface ZoomProfile {
  id: string
  first_name: string
  last_name: string
  email: string
  type: number
  role_name: string
  pmi: number
  use_pmi: boolean
  personal_meeting_url?: string
  timezone: string
  verified: number
  dept: string
  created_at: string
  last_login_time: string
  last_client_version?: string
  pic_url?: string
  language?: string
  phone_number?: string
  status: string
  role_id: string
  account_id?: string
  [field: string]: unknown
}

export default function Zoom(options: OAuthUserConfig<ZoomProfile> = {}): OAuthConfig<ZoomProfile> {
  return mergeOptions<OAuthConfig<ZoomProfile>>(
    {
      id: "zoom",
      name: "Zoom",
      type: "oauth",
      // Zoom takes the scopes configured for the app; the parameter stays empty.
      authorization: { url: "https://zoom.us/oauth/authorize", params: { scope: "" } },
      token: "https://zoom.us/oauth/token",
      userinfo: "https://api.zoom.us/v2/users/me",
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: `${profile.first_name} ${profile.last_name}`,
          email: profile.verified === 0 ? null : (profile.email ?? null),
          image: profile.pic_url ?? null,
        }
      },
      style: { brandColor: "#0b5cff", bg: "#0b5cff", text: "#ffffff" },
    },
    options,
  )
}
