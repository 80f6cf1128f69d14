/**
 * Spotify (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/spotify
 * Variables: AUTH_SPOTIFY_ID, AUTH_SPOTIFY_SECRET
 *
 * The image is the first (largest) of the user's images.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile */
export interface SpotifyProfile {
  id: string
  display_name: string | null
  email: string
  country?: string
  product?: string
  uri?: string
  href?: string
  external_urls?: { spotify: string }
  followers?: { href: string | null; total: number }
  images?: { url: string; height: number | null; width: number | null }[]
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean }
  [field: string]: unknown
}

export default function Spotify(options: OAuthUserConfig<SpotifyProfile> = {}): OAuthConfig<SpotifyProfile> {
  return mergeOptions<OAuthConfig<SpotifyProfile>>(
    {
      id: "spotify",
      name: "Spotify",
      type: "oauth",
      authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
      token: "https://accounts.spotify.com/api/token",
      userinfo: "https://api.spotify.com/v1/me",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.display_name ?? null, email: profile.email ?? null, image: profile.images?.[0]?.url ?? null }
      },
      style: { brandColor: "#1db954" },
    },
    options,
  )
}
