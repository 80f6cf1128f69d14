/**
 * Dribbble (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/dribbble
 * Variables: AUTH_DRIBBBLE_ID, AUTH_DRIBBBLE_SECRET
 *
 * `scope`: "public" (the default) or "public upload". Dribbble's v2 user has
 * no address unless Dribbble adds one; the account then has none.
 *
 * Differs from @auth/core when no scope is given: @auth/core puts the
 * missing option into the URL as the text "undefined"; ours asks for
 * "public". Dribbble's OAuth guide (https://developer.dribbble.com/v2/oauth/)
 * takes `scope` as a space-separated list that defaults to `public` when left
 * out (for a user who already holds a token, a request without one reuses the
 * last scopes instead; naming it keeps every sign-in the same), and redirects
 * back with `code` and `state`.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.dribbble.com/v2/user/ */
export interface DribbbleProfile {
  id: number
  name: string
  login: string
  html_url: string
  avatar_url: string
  email?: string
  bio?: string
  location?: string | null
  links?: { web?: string; twitter?: string }
  can_upload_shot?: boolean
  pro?: boolean
  followers_count?: number
  created_at?: string
  type?: "Player" | "Team"
  [field: string]: unknown
}

export interface DribbbleOptions extends OAuthUserConfig<DribbbleProfile> {
  /** https://developer.dribbble.com/v2/oauth/#scopes — "upload" alone makes no sense for signing in. */
  scope?: "public" | "public upload"
}

export default function Dribbble(options: DribbbleOptions = {}): OAuthConfig<DribbbleProfile> {
  const { scope = "public", ...rest } = options
  return mergeOptions<OAuthConfig<DribbbleProfile>>(
    {
      id: "dribbble",
      name: "Dribbble",
      type: "oauth",
      authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope } },
      token: "https://dribbble.com/oauth/token",
      userinfo: "https://api.dribbble.com/v2/user",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? profile.login ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null }
      },
      style: { brandColor: "#ea4c89", bg: "#000000", text: "#ffffff" },
    },
    rest,
  )
}
