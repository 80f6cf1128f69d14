/**
 * Eventbrite (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/eventbrite
 * Variables: AUTH_EVENTBRITE_ID, AUTH_EVENTBRITE_SECRET
 *
 * The address is the primary one of the user's `emails`, unless Eventbrite
 * says it is not verified (docs/decisions/oauth-and-openid-connect.md, "OAuth providers of
 * @auth/core", "Addresses a provider says it did not verify"). The client
 * authenticates with client_secret_post.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.eventbrite.com/platform/api#/reference/user/retrieve-your-user/retrieve-your-user */
export interface EventbriteProfile {
  id: string
  name: string
  first_name: string
  last_name: string
  emails: { email: string; verified: boolean; primary: boolean }[]
  image_id: string | null
  [field: string]: unknown
}

export function eventbriteImage(imageId: string | null | undefined): string | null {
  if (!imageId) return null
  // Eventbrite's image service takes the CDN URL of the original, percent-encoded.
  return `https://img.evbuc.com/${encodeURIComponent(`https://cdn.evbuc.com/images/${imageId}/1/original.jpg`)}`
}

export default function Eventbrite(options: OAuthUserConfig<EventbriteProfile> = {}): OAuthConfig<EventbriteProfile> {
  return mergeOptions<OAuthConfig<EventbriteProfile>>(
    {
      id: "eventbrite",
      name: "Eventbrite",
      type: "oauth",
      authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile" } },
      token: "https://www.eventbrite.com/oauth/token",
      userinfo: "https://www.eventbriteapi.com/v3/users/me/",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        const primary = profile.emails?.find((e) => e.primary)
        return {
          id: accountId(profile.id),
          name: profile.name ?? null,
          email: primary && primary.verified !== false ? primary.email : null,
          image: eventbriteImage(profile.image_id),
        }
      },
      style: { brandColor: "#f05537", bg: "#f05537", text: "#ffffff" },
    },
    options,
  )
}
