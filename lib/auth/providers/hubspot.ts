/**
 * HubSpot (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/hubspot
 * Variables: AUTH_HUBSPOT_ID, AUTH_HUBSPOT_SECRET
 *
 * HubSpot has no userinfo endpoint: the user is read from the access
 * token's metadata (GET /oauth/v1/access-tokens/{token}), whose `user` is
 * the address, used as the name too; there is no image. The client
 * authenticates with client_secret_post.
 *
 * Differs from @auth/core in one way: @auth/core copies `options.clientId`
 * into the authorization parameters when the factory runs, so a client id
 * that arrives later (AUTH_HUBSPOT_ID) goes out as "undefined". Ours sends
 * the configured client id when the request is built. HubSpot's "Working
 * with OAuth" (https://developers.hubspot.com/docs/apps/legacy-apps/authentication/working-with-oauth)
 * requires client_id, scope and redirect_uri in the authorization URL and
 * redirects back with `code`.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"
import type { Profile } from "../types"

/** https://developers.hubspot.com/docs/api/oauth/tokens (access token metadata) */
export interface HubSpotProfile {
  token: string
  user: string
  hub_domain: string
  scopes: string[]
  hub_id: number
  app_id: number
  expires_in: number
  user_id: number
  token_type: string
  [field: string]: unknown
}

const METADATA_URL = "https://api.hubapi.com/oauth/v1/access-tokens"

export default function HubSpot(options: OAuthUserConfig<HubSpotProfile> = {}): OAuthConfig<HubSpotProfile> {
  return mergeOptions<OAuthConfig<HubSpotProfile>>(
    {
      id: "hubspot",
      name: "HubSpot",
      type: "oauth",
      authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
      token: "https://api.hubapi.com/oauth/v1/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: METADATA_URL,
        async request({ tokens, fetch, provider }) {
          const base = (provider.userinfoUrl ?? METADATA_URL).replace(/\/+$/, "")
          const response = await fetch(`${base}/${encodeURIComponent(tokens.access_token ?? "")}`, { headers: { accept: "application/json" } })
          if (!response.ok) throw new OAuthCallbackError(`HubSpot answered ${response.status}`)
          return (await response.json()) as Profile
        },
      },
      profile(profile) {
        return { id: accountId(profile.user_id), name: profile.user ?? null, email: profile.user ?? null, image: null }
      },
      style: { brandColor: "#ff7a59", bg: "#ff7a59", text: "#ffffff" },
    },
    options,
  )
}
