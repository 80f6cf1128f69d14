/**
 * Medium (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/medium
 * Variables: AUTH_MEDIUM_ID, AUTH_MEDIUM_SECRET
 *
 * Medium shares no email address. Its token response lists the scope as an
 * array, which is joined into the standard string. (Medium no longer admits
 * new integrations; existing ones keep working.)
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { bearerWhenMissing, conformTokenResponse, scopeAsString } from "./token-response"

/** https://github.com/Medium/medium-api-docs#getting-the-authenticated-users-details */
export interface MediumProfile {
  data: {
    id: string
    username: string
    name: string
    url: string
    imageUrl: string
  }
  [field: string]: unknown
}

export default function Medium(options: OAuthUserConfig<MediumProfile> = {}): OAuthConfig<MediumProfile> {
  return mergeOptions<OAuthConfig<MediumProfile>>(
    {
      id: "medium",
      name: "Medium",
      type: "oauth",
      authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
      token: "https://api.medium.com/v1/tokens",
      userinfo: "https://api.medium.com/v1/me",
      profile(profile) {
        return { id: accountId(profile.data?.id), name: profile.data.name ?? null, email: null, image: profile.data.imageUrl ?? null }
      },
      options: { conformTokenResponse: conformTokenResponse(bearerWhenMissing, scopeAsString) },
      style: { brandColor: "#000000" },
    },
    options,
  )
}
