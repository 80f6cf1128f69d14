/**
 * Trakt (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/trakt
 * Variables: AUTH_TRAKT_ID, AUTH_TRAKT_SECRET
 *
 * Trakt's API wants its version and the client id as headers on every
 * request. The account is keyed by the user's slug; Trakt shares no email
 * address (and does not allow hot-linking its avatars).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"

/** https://trakt.docs.apiary.io/#reference/users/profile (extended=full) */
export interface TraktProfile {
  username: string
  private: boolean
  name: string
  vip: boolean
  vip_ep: boolean
  ids: { slug: string; uuid?: string }
  joined_at?: string
  location?: string
  about?: string
  gender?: string
  age?: number
  images?: { avatar?: { full?: string } }
  [field: string]: unknown
}

export default function Trakt(options: OAuthUserConfig<TraktProfile> = {}): OAuthConfig<TraktProfile> {
  const meUrl = "https://api.trakt.tv/users/me?extended=full"
  return mergeOptions<OAuthConfig<TraktProfile>>(
    {
      id: "trakt",
      name: "Trakt",
      type: "oauth",
      authorization: { url: "https://trakt.tv/oauth/authorize", params: { scope: "" } },
      token: "https://api.trakt.tv/oauth/token",
      userinfo: {
        url: meUrl,
        async request({ tokens, provider, fetch }) {
          const response = await fetch(provider.userinfoUrl ?? meUrl, {
            headers: {
              authorization: `Bearer ${tokens.access_token ?? ""}`,
              "content-type": "application/json",
              "trakt-api-version": "2",
              "trakt-api-key": provider.clientId ?? "",
            },
          })
          if (!response.ok) throw new OAuthCallbackError(`Trakt's users API answered ${response.status}`)
          return (await response.json()) as TraktProfile
        },
      },
      profile(profile) {
        return { id: accountId(profile.ids?.slug), name: profile.name || profile.username || null, email: null, image: profile.images?.avatar?.full ?? null }
      },
      style: { brandColor: "#ed2224", bg: "#ed2224", text: "#ffffff" },
    },
    options,
  )
}
