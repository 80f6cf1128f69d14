/**
 * Mattermost (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/mattermost
 * Variables: AUTH_MATTERMOST_ID, AUTH_MATTERMOST_SECRET, AUTH_MATTERMOST_ISSUER
 *
 * `issuer` is the server's address; the endpoints are built from it and the
 * token endpoint takes the credentials in the form. The user is named by
 * their username, else their first and last names.
 *
 * Endpoints as in @auth/core, built from the server's address (Mattermost as
 * an OAuth 2.0 service provider, https://docs.mattermost.com/api/reference/o-auth;
 * the user from GET /api/v4/users/me). The differences: a trailing slash on
 * the address is accepted (@auth/core would build "//oauth/…"), a missing
 * address is a TypeError naming AUTH_MATTERMOST_ISSUER instead of URLs
 * starting "undefined/", and the address stays on the provider as `issuer`.
 */
import { accountId } from "./account-id"
import { instanceUrl } from "./instance-url"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://api.mattermost.com/#tag/users/operation/GetUser */
export interface MattermostProfile {
  id: string
  create_at: number
  update_at: number
  delete_at: number
  username: string
  first_name: string
  last_name: string
  nickname: string
  email: string
  email_verified: boolean
  auth_service: string
  roles: string
  locale: string
  position?: string
  [field: string]: unknown
}

export default function Mattermost(options: OAuthUserConfig<MattermostProfile> = {}): OAuthConfig<MattermostProfile> {
  const base = instanceUrl("Mattermost", options.issuer, "AUTH_MATTERMOST_ISSUER")
  return mergeOptions<OAuthConfig<MattermostProfile>>(
    {
      id: "mattermost",
      name: "Mattermost",
      type: "oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: `${base}/oauth/authorize`,
      token: `${base}/oauth/access_token`,
      userinfo: `${base}/api/v4/users/me`,
      profile(profile) {
        const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ")
        return { id: accountId(profile.id), name: profile.username || fullName || null, email: profile.email || null, image: null }
      },
      style: { brandColor: "#1e325c", bg: "#000000", text: "#ffffff" },
    },
    { ...options, issuer: base },
  )
}

/**
 * Who this factory is without calling it (it refuses to run without
 * `issuer`): lets an app list it uncalled, built from AUTH_MATTERMOST_ISSUER
 * and the other variables (config/env.ts).
 */
Mattermost.identity = { id: "mattermost", type: "oauth" } as const
