/**
 * Todoist (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/todoist
 * Variables: AUTH_TODOIST_ID, AUTH_TODOIST_SECRET
 *
 * The user is read with a sync request for the "user" resource (a POST);
 * the token endpoint takes the credentials in the form.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"

/** https://developer.todoist.com/sync/v9/#user */
export interface TodoistProfile {
  id: string
  email: string
  full_name: string
  avatar_big?: string | null
  avatar_medium?: string | null
  avatar_s640?: string | null
  avatar_small?: string | null
  lang?: string
  tz_info?: { timezone: string }
  is_premium?: boolean
  [field: string]: unknown
}

export default function Todoist(options: OAuthUserConfig<TodoistProfile> = {}): OAuthConfig<TodoistProfile> {
  const syncUrl = "https://api.todoist.com/sync/v9/sync"
  return mergeOptions<OAuthConfig<TodoistProfile>>(
    {
      id: "todoist",
      name: "Todoist",
      type: "oauth",
      authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
      token: "https://todoist.com/oauth/access_token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: syncUrl,
        async request({ tokens, provider, fetch }) {
          const response = await fetch(provider.userinfoUrl ?? syncUrl, {
            method: "POST",
            headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ sync_token: "*", resource_types: '["user"]' }),
          })
          if (!response.ok) throw new OAuthCallbackError(`Todoist's sync API answered ${response.status}`)
          const { user } = (await response.json()) as { user?: TodoistProfile }
          if (!user) throw new OAuthCallbackError("Todoist answered without a user")
          return user
        },
      },
      profile(profile) {
        return { id: accountId(profile.id), name: profile.full_name ?? null, email: profile.email ?? null, image: profile.avatar_big ?? null }
      },
      style: { brandColor: "#e44332", bg: "#e44332", text: "#000000" },
    },
    options,
  )
}
