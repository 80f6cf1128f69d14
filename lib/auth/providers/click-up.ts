/**
 * ClickUp (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/click-up
 * Variables: AUTH_CLICK_UP_ID, AUTH_CLICK_UP_SECRET
 *
 * ClickUp takes no PKCE (state alone protects the flow) and answers the
 * token request with the access token only, read as a bearer token.
 *
 * Differs from @auth/core in the user: @auth/core's has `profilePicture` and
 * `color` and no email or image, fields the User model does not have. Ours
 * takes `user.email` and `user.profilePicture` as email and image: ClickUp's
 * "Get Authorized User" (https://developer.clickup.com/reference/getauthorizeduser)
 * answers GET /v2/user with { user: { id, username, email, color,
 * profilePicture, … } }.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { asBearerTokenResponse } from "./token-type"

/** https://clickup.com/api/clickupreference/operation/GetAuthorizedUser/ */
export interface ClickUpProfile {
  user: {
    id: number
    username: string
    email?: string
    color: string
    profilePicture: string | null
    initials?: string
    week_start_day?: number | null
    global_font_support?: boolean
    timezone?: string
  }
  [field: string]: unknown
}

export default function ClickUp(options: OAuthUserConfig<ClickUpProfile> = {}): OAuthConfig<ClickUpProfile> {
  return mergeOptions<OAuthConfig<ClickUpProfile>>(
    {
      id: "click-up",
      name: "ClickUp",
      type: "oauth",
      checks: ["state"],
      authorization: { url: "https://app.clickup.com/api" },
      token: "https://api.clickup.com/api/v2/oauth/token",
      userinfo: "https://api.clickup.com/api/v2/user",
      profile(profile) {
        const user = profile.user
        return { id: accountId(user?.id), name: user.username ?? null, email: user.email ?? null, image: user.profilePicture ?? null }
      },
      options: { conformTokenResponse: asBearerTokenResponse },
      style: { brandColor: "#7b68ee", bg: "#24292f", text: "#ffffff" },
    },
    options,
  )
}
