/**
 * Foursquare (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/foursquare
 * Variables: AUTH_FOURSQUARE_ID, AUTH_FOURSQUARE_SECRET
 *
 * The v2 API takes the token as the `oauth_token` query parameter and a
 * version date (`apiVersion`, default 20230131); its token answer has no
 * token_type and is read as a bearer token.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { asBearerTokenResponse } from "./token-type"
import { OAuthCallbackError } from "../errors"
import type { Profile } from "../types"

/** https://location.foursquare.com/developer/reference/v2-users-self */
export interface FoursquareProfile {
  response: {
    user: {
      id: string
      firstName: string
      lastName?: string
      gender?: string
      homeCity?: string
      canonicalUrl?: string
      photo?: { prefix: string; suffix: string }
      contact: { email?: string; phone?: string; twitter?: string; facebook?: string }
      [field: string]: unknown
    }
  }
  [field: string]: unknown
}

export interface FoursquareOptions extends OAuthUserConfig<FoursquareProfile> {
  /** Foursquare's API version date (YYYYMMDD). */
  apiVersion?: string
}

export default function Foursquare(options: FoursquareOptions = {}): OAuthConfig<FoursquareProfile> {
  const { apiVersion = "20230131", ...rest } = options
  const selfUrl = `https://api.foursquare.com/v2/users/self?v=${encodeURIComponent(apiVersion)}`
  return mergeOptions<OAuthConfig<FoursquareProfile>>(
    {
      id: "foursquare",
      name: "Foursquare",
      type: "oauth",
      authorization: { url: "https://foursquare.com/oauth2/authenticate" },
      token: "https://foursquare.com/oauth2/access_token",
      userinfo: {
        url: selfUrl,
        async request({ tokens, fetch, provider }) {
          const url = new URL(provider.userinfoUrl ?? selfUrl)
          url.searchParams.set("oauth_token", tokens.access_token ?? "")
          const response = await fetch(url, { headers: { accept: "application/json" } })
          if (!response.ok) throw new OAuthCallbackError(`Foursquare answered ${response.status}`)
          return (await response.json()) as Profile
        },
      },
      profile(profile) {
        const user = profile.response?.user
        return {
          id: accountId(user?.id),
          name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
          email: user.contact?.email ?? null,
          image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
        }
      },
      options: { conformTokenResponse: asBearerTokenResponse },
      style: { brandColor: "#3333ff", bg: "#000000", text: "#ffffff" },
    },
    rest,
  )
}
