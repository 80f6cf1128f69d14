/**
 * Box (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/box
 * Variables: AUTH_BOX_ID, AUTH_BOX_SECRET
 *
 * The user's login is their address.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.box.com/reference/resources/user/ */
export interface BoxProfile {
  id: string
  type: "user"
  name: string
  login: string
  avatar_url: string
  created_at?: string
  modified_at?: string
  language?: string
  timezone?: string
  space_amount?: number
  space_used?: number
  max_upload_size?: number
  status?: "active" | "inactive" | "cannot_delete_edit" | "cannot_delete_edit_upload"
  job_title?: string
  phone?: string
  [field: string]: unknown
}

export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuthConfig<BoxProfile> {
  return mergeOptions<OAuthConfig<BoxProfile>>(
    {
      id: "box",
      name: "Box",
      type: "oauth",
      authorization: { url: "https://account.box.com/api/oauth2/authorize" },
      token: "https://api.box.com/oauth2/token",
      userinfo: "https://api.box.com/2.0/users/me",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? null, email: profile.login ?? null, image: profile.avatar_url ?? null }
      },
      style: { brandColor: "#0075c9", bg: "#0075c9", text: "#ffffff" },
    },
    options,
  )
}
