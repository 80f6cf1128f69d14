/**
 * Roblox (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/roblox
 * Variables: AUTH_ROBLOX_ID, AUTH_ROBLOX_SECRET
 *
 * Roblox shares no email address; the user is named by their display name.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://create.roblox.com/docs/cloud/reference/oauth2#get-v1userinfo */
export interface RobloxProfile {
  sub: string
  name?: string
  nickname?: string
  preferred_username?: string
  created_at?: number
  profile?: string
  picture?: string | null
  [claim: string]: unknown
}

export default function Roblox(options: OAuthUserConfig<RobloxProfile> = {}): OAuthConfig<RobloxProfile> {
  return mergeOptions<OAuthConfig<RobloxProfile>>(
    {
      id: "roblox",
      name: "Roblox",
      type: "oidc",
      issuer: "https://apis.roblox.com/oauth/",
      authorization: { params: { scope: "openid profile" } },
      checks: ["pkce", "state"],
      profile(profile) {
        return {
          id: accountId(profile.sub),
          name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
          email: null,
          image: profile.picture ?? null,
        }
      },
      style: { brandColor: "#5865f2", bg: "#5865f2", text: "#ffffff" },
    },
    options,
  )
}
