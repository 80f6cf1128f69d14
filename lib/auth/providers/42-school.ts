/**
 * 42 School (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/42-school
 * Variables: AUTH_42_SCHOOL_ID, AUTH_42_SCHOOL_SECRET
 *
 * The intra.42.fr API; the user's numeric id becomes a string, the image is
 * the profile picture's full-size link.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://api.intra.42.fr/apidoc/2.0/users/me.html (the fields used here) */
export interface FortyTwoProfile {
  id: number
  email: string
  login: string
  first_name: string
  last_name: string
  usual_full_name: string | null
  usual_first_name?: string | null
  url: string
  displayname: string
  kind: string
  image: { link: string | null; versions?: { large?: string | null; medium?: string | null; small?: string | null; micro?: string | null } }
  "staff?"?: boolean
  pool_month?: string | null
  pool_year?: string | null
  [field: string]: unknown
}

export default function FortyTwo(options: OAuthUserConfig<FortyTwoProfile> = {}): OAuthConfig<FortyTwoProfile> {
  return mergeOptions<OAuthConfig<FortyTwoProfile>>(
    {
      id: "42-school",
      name: "42 School",
      type: "oauth",
      authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
      token: "https://api.intra.42.fr/oauth/token",
      userinfo: "https://api.intra.42.fr/v2/me",
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: profile.usual_full_name ?? profile.displayname ?? null,
          email: profile.email ?? null,
          image: profile.image?.link ?? null,
        }
      },
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
