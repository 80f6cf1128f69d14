/**
 * Facebook (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/facebook
 * Variables: AUTH_FACEBOOK_ID, AUTH_FACEBOOK_SECRET
 *
 * Facebook Login on Graph API v19.0 with the email scope; the user is read
 * from /me with the id, name, email and picture fields. A user who signed
 * up with a phone number has no address.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.facebook.com/docs/graph-api/reference/user/#fields */
export interface FacebookProfile {
  id: string
  name?: string
  email?: string
  first_name?: string
  last_name?: string
  picture?: { data: { url: string; height?: number; width?: number; is_silhouette?: boolean } }
  [field: string]: unknown
}

export default function Facebook(options: OAuthUserConfig<FacebookProfile> = {}): OAuthConfig<FacebookProfile> {
  return mergeOptions<OAuthConfig<FacebookProfile>>(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email" } },
      token: "https://graph.facebook.com/oauth/access_token",
      userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? null, email: profile.email ?? null, image: profile.picture?.data?.url ?? null }
      },
      style: { brandColor: "#0866ff", bg: "#006aff", text: "#ffffff" },
    },
    options,
  )
}
