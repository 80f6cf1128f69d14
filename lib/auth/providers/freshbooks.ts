/**
 * Freshbooks (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/freshbooks
 * Variables: AUTH_FRESHBOOKS_ID, AUTH_FRESHBOOKS_SECRET
 *
 * The identity model's "me" answer; Freshbooks has no avatar URL.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.freshbooks.com/api/me_endpoint */
export interface FreshbooksProfile {
  response: {
    id: number
    identity_uuid?: string
    first_name: string
    last_name: string
    email: string
    language?: string
    confirmed_at?: string | null
    created_at?: string
    business_memberships?: unknown[]
    [field: string]: unknown
  }
  [field: string]: unknown
}

export default function Freshbooks(options: OAuthUserConfig<FreshbooksProfile> = {}): OAuthConfig<FreshbooksProfile> {
  return mergeOptions<OAuthConfig<FreshbooksProfile>>(
    {
      id: "freshbooks",
      name: "Freshbooks",
      type: "oauth",
      authorization: { url: "https://auth.freshbooks.com/service/auth/oauth/authorize" },
      token: "https://api.freshbooks.com/auth/oauth/token",
      userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
      profile(profile) {
        const me = profile.response
        return {
          id: accountId(me?.id),
          name: [me.first_name, me.last_name].filter(Boolean).join(" ") || null,
          email: me.email ?? null,
          image: null,
        }
      },
      style: { brandColor: "#0075dd", bg: "#0075dd", text: "#ffffff" },
    },
    options,
  )
}
