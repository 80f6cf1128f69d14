/**
 * Patreon (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/patreon
 * Variables: AUTH_PATREON_ID, AUTH_PATREON_SECRET
 *
 * The user is JSON:API `data`; an address Patreon has not verified
 * (`is_email_verified: false`) is not used.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.patreon.com/#get-api-oauth2-v2-identity (User attributes) */
export interface PatreonProfile {
  data: {
    id: string
    type: "user"
    attributes: {
      full_name: string
      email?: string
      is_email_verified?: boolean
      image_url?: string
      thumb_url?: string
      vanity?: string | null
      url?: string
      created?: string
      [attribute: string]: unknown
    }
  }
  [field: string]: unknown
}

export default function Patreon(options: OAuthUserConfig<PatreonProfile> = {}): OAuthConfig<PatreonProfile> {
  return mergeOptions<OAuthConfig<PatreonProfile>>(
    {
      id: "patreon",
      name: "Patreon",
      type: "oauth",
      authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
      token: "https://www.patreon.com/api/oauth2/token",
      userinfo: "https://www.patreon.com/api/oauth2/api/current_user",
      profile(profile) {
        const user = profile.data
        const attributes = user?.attributes ?? {}
        return {
          id: accountId(user?.id),
          name: attributes.full_name ?? null,
          email: attributes.is_email_verified === false ? null : (attributes.email ?? null),
          image: attributes.image_url ?? null,
        }
      },
      style: { brandColor: "#ff424d", bg: "#e85b46", text: "#ffffff" },
    },
    options,
  )
}
