/**
 * Wikimedia (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/wikimedia
 * Variables: AUTH_WIKIMEDIA_ID, AUTH_WIKIMEDIA_SECRET
 *
 * One account across Wikipedia and the other Wikimedia projects, through
 * Meta-Wiki. The email comes only with the "User identity verification
 * (including email address)" grant; its `email_verified` flag counts.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.mediawiki.org/wiki/Extension:OAuth#OAuth_2_resources (resource/profile) */
export interface WikimediaProfile {
  sub: string
  username: string
  editcount: number
  confirmed_email: boolean
  blocked: boolean
  registered: string
  groups: string[]
  rights: string[]
  realname?: string
  email?: string
  email_verified?: boolean
  [field: string]: unknown
}

export default function Wikimedia(options: OAuthUserConfig<WikimediaProfile> = {}): OAuthConfig<WikimediaProfile> {
  return mergeOptions<OAuthConfig<WikimediaProfile>>(
    {
      id: "wikimedia",
      name: "Wikimedia",
      type: "oauth",
      authorization: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize", params: { scope: "" } },
      token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
      userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.username, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
