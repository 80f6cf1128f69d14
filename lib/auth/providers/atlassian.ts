/**
 * Atlassian (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/atlassian
 * Variables: AUTH_ATLASSIAN_ID, AUTH_ATLASSIAN_SECRET
 *
 * Atlassian's 3LO: the audience api.atlassian.com and the read:me scope;
 * Atlassian does not take PKCE, so state alone protects the flow.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/#how-do-i-retrieve-the-public-profile-of-the-authenticated-user- */
export interface AtlassianProfile {
  account_id: string
  account_type?: string
  account_status?: string
  email: string
  email_verified?: boolean
  name: string
  nickname?: string
  picture: string
  zoneinfo?: string
  locale?: string
  [field: string]: unknown
}

export default function Atlassian(options: OAuthUserConfig<AtlassianProfile> = {}): OAuthConfig<AtlassianProfile> {
  return mergeOptions<OAuthConfig<AtlassianProfile>>(
    {
      id: "atlassian",
      name: "Atlassian",
      type: "oauth",
      checks: ["state"],
      authorization: { url: "https://auth.atlassian.com/authorize", params: { audience: "api.atlassian.com", scope: "read:me" } },
      token: "https://auth.atlassian.com/oauth/token",
      userinfo: "https://api.atlassian.com/me",
      profile(profile) {
        return { id: accountId(profile.account_id), name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      style: { brandColor: "#0052cc", bg: "#ffffff", text: "#0052cc" },
    },
    options,
  )
}
