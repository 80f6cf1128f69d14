/**
 * VK (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/vk
 * Variables: AUTH_VK_ID, AUTH_VK_SECRET
 *
 * The social-network profile, on API version 5.126 unless the URL options pin
 * another. The user id (a number at VK) becomes a string; the email arrives in
 * the token response, not the profile, and only with the `email` scope. VK's
 * token response has no token_type, so the engine is told it is a bearer token.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import { fetchJson } from "./fetch-json"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"

type Flag = 0 | 1

/** https://dev.vk.com/reference/objects/user (the fields the specification lists). */
export interface VkProfile {
  id: number
  first_name: string
  last_name: string
  is_closed: boolean
  can_access_closed: boolean
  photo_100: string
  about?: string
  activities?: string
  bdate?: string
  books?: string
  deactivated?: string
  domain?: string
  email?: string
  games?: string
  home_town?: string
  interests?: string
  maiden_name?: string
  movies?: string
  music?: string
  nickname?: string
  photo_200?: string
  photo_200_orig?: string
  photo_400?: string
  photo_400_orig?: string
  photo_50?: string
  photo_id?: string
  photo_max?: string
  photo_max_orig?: string
  quotes?: string
  screen_name?: string
  site?: string
  status?: string
  tv?: string
  common_count?: number
  followers_count?: number
  online_app?: number
  timezone?: number
  blacklisted?: Flag
  blacklisted_by_me?: Flag
  can_post?: Flag
  can_see_all_posts?: Flag
  can_see_audio?: Flag
  can_send_friend_request?: Flag
  can_write_private_message?: Flag
  has_mobile?: Flag
  has_photo?: Flag
  is_favorite?: Flag
  is_friend?: Flag
  is_hidden_from_feed?: Flag
  is_no_index?: Flag
  online?: Flag
  online_mobile?: Flag
  trending?: Flag
  verified?: Flag
  friend_status?: 0 | 1 | 2 | 3
  relation?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
  sex?: 0 | 1 | 2
  wall_default?: "all" | "owner"
  city?: { id: number; title: string }
  country?: { id: number; title: string }
  connections?: { facebook?: string; instagram?: string; livejournal?: string; skype?: string; twitter?: string }
  contacts?: { home_phone?: string; mobile_phone?: string }
  counters?: Partial<Record<
    "albums" | "audios" | "followers" | "friends" | "groups" | "mutual_friends" | "notes" | "online_friends" | "pages" | "photos" | "user_videos" | "videos",
    number
  >>
  last_seen?: { platform: 1 | 2 | 3 | 4 | 5 | 6 | 7; time: number }
  occupation?: { id: number; name: string; type: "work" | "school" | "university" }
  relatives?: { id: number; name: string; type: "parent" | "child" | "grandparent" | "grandchild" | "sibling" }[]
  [field: string]: unknown
}

export const VK_API_VERSION = "5.126"

export interface VkOptions extends OAuthUserConfig<VkProfile> {
  /** Token endpoint with `v={version}` (the specification's accessTokenUrl). */
  accessTokenUrl?: string
  /** Same endpoint as accessTokenUrl (kept for compatibility); used when accessTokenUrl is not given. */
  requestTokenUrl?: string
  /** Authorization endpoint with `response_type=code&v={version}`. */
  authorizationUrl?: string
  /** The users.get method with `fields=photo_100&v={version}`. */
  profileUrl?: string
}

/** VK omits token_type; oauth4webapi needs one. */
async function withBearerType(response: Response): Promise<Response> {
  if (!response.ok) return response
  const body = (await response.json()) as Record<string, unknown>
  if (body.token_type === undefined && typeof body.access_token === "string") body.token_type = "bearer"
  return new Response(JSON.stringify(body), { status: response.status, headers: { "content-type": "application/json" } })
}

export default function VK(options: VkOptions = {}): OAuthConfig<VkProfile> {
  const { accessTokenUrl, requestTokenUrl, authorizationUrl, profileUrl, ...rest } = options
  const v = VK_API_VERSION
  const userinfoUrl = profileUrl ?? `https://api.vk.com/method/users.get?fields=photo_100&v=${v}`
  return mergeOptions<OAuthConfig<VkProfile>>(
    {
      id: "vk",
      name: "VK",
      type: "oauth",
      // VK's classic OAuth does not implement PKCE; state protects the flow.
      checks: ["state"],
      // VK documents client_id and client_secret as parameters of the token request, not an Authorization header.
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: { url: authorizationUrl ?? `https://oauth.vk.com/authorize?response_type=code&v=${v}`, params: { scope: "email" } },
      token: accessTokenUrl ?? requestTokenUrl ?? `https://oauth.vk.com/access_token?v=${v}`,
      userinfo: {
        url: userinfoUrl,
        async request({ tokens, fetch, provider }) {
          const url = new URL(provider.userinfoUrl ?? userinfoUrl)
          url.searchParams.set("access_token", tokens.access_token ?? "")
          const body = await fetchJson<{ response?: VkProfile[]; error?: unknown }>(fetch, url, tokens.access_token)
          const profile = body.response?.[0]
          if (!profile) throw new OAuthCallbackError("VK answered without a user")
          // The address is only in the token response.
          return typeof tokens.email === "string" ? { ...profile, email: tokens.email } : profile
        },
      },
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
          email: profile.email ?? null,
          image: profile.photo_100 ?? null,
        }
      },
      options: { conformTokenResponse: withBearerType },
      style: { brandColor: "#0077ff", bg: "#0077ff", text: "#ffffff" },
    },
    rest,
  )
}
