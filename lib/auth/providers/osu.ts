/**
 * osu! (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/osu
 * Variables: AUTH_OSU_ID, AUTH_OSU_SECRET
 *
 * osu! shares no email address.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://osu.ppy.sh/docs/index.html#get-own-data (UserExtended) */
export interface OsuProfile {
  id: number
  username: string
  avatar_url: string
  country_code: string
  default_group: string
  is_active: boolean
  is_bot: boolean
  is_online: boolean
  is_supporter: boolean
  last_visit: string | null
  pm_friends_only: boolean
  profile_colour: string | null
  join_date?: string
  playmode?: string
  [field: string]: unknown
}

export default function Osu(options: OAuthUserConfig<OsuProfile> = {}): OAuthConfig<OsuProfile> {
  return mergeOptions<OAuthConfig<OsuProfile>>(
    {
      id: "osu",
      name: "osu!",
      type: "oauth",
      authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
      token: "https://osu.ppy.sh/oauth/token",
      userinfo: "https://osu.ppy.sh/api/v2/me",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.username, email: null, image: profile.avatar_url ?? null }
      },
      style: { brandColor: "#ff66aa" },
    },
    options,
  )
}
