/**
 * Webex (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/webex
 * Variables: AUTH_WEBEX_ID, AUTH_WEBEX_SECRET[, AUTH_WEBEX_API_BASE_URL]
 *
 * The email is the person's first address. `apiBaseUrl` points at another
 * Webex API (default https://webexapis.com/v1).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { bearerWhenMissing, conformTokenResponse } from "./token-response"

/** https://developer.webex.com/docs/api/v1/people/get-my-own-details */
export interface WebexProfile {
  id: string
  emails: string[]
  displayName?: string
  nickName?: string
  firstName?: string
  lastName?: string
  avatar?: string
  orgId?: string
  created?: string
  type?: "person" | "bot" | "appuser"
  [field: string]: unknown
}

export interface WebexOptions extends OAuthUserConfig<WebexProfile> {
  /** Default https://webexapis.com/v1 */
  apiBaseUrl?: string
}

export default function Webex(options: WebexOptions = {}): OAuthConfig<WebexProfile> {
  const { apiBaseUrl, ...rest } = options
  const api = (apiBaseUrl ?? "https://webexapis.com/v1").replace(/\/+$/, "")
  return mergeOptions<OAuthConfig<WebexProfile>>(
    {
      id: "webex",
      name: "Webex",
      type: "oauth",
      authorization: { url: `${api}/authorize`, params: { scope: "spark:kms spark:people_read" } },
      token: `${api}/access_token`,
      userinfo: `${api}/people/me`,
      profile(profile) {
        return { id: accountId(profile.id), name: profile.displayName ?? null, email: profile.emails?.[0] ?? null, image: profile.avatar ?? null }
      },
      // Webex documents its token response without a token_type.
      options: { conformTokenResponse: conformTokenResponse(bearerWhenMissing) },
      style: { brandColor: "#07c1e4" },
    },
    rest,
  )
}
