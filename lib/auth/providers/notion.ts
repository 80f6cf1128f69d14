/**
 * Notion (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/notion
 * Variables: AUTH_NOTION_ID, AUTH_NOTION_SECRET
 *
 * A public integration's sign-in. The user is the bot's owner, read from
 * /v1/users/me with the Notion-Version header Notion requires.
 *
 * Differs from @auth/core in the authorization parameters: @auth/core bakes
 * `client_id` and `redirect_uri` (from its `redirectUri` option) into them
 * when the factory runs; ours sends the configured client id and this
 * provider's own callback URL when the request is built, the same
 * redirect_uri the token request then repeats. Notion's "Authorization" guide
 * (https://developers.notion.com/reference/authorization) builds the
 * authorization URL from client_id, response_type=code, owner=user and
 * redirect_uri, and redirects back with `code` and `state` (or `error`).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"

const NOTION_API = "https://api.notion.com"
export const NOTION_API_VERSION = "2022-06-28"

/** https://developers.notion.com/reference/user (a person) */
export interface NotionProfile {
  object: "user"
  id: string
  type?: "person"
  name: string | null
  avatar_url: string | null
  person?: { email?: string }
  [field: string]: unknown
}

/** https://developers.notion.com/reference/get-self: the bot user, whose owner is the person who signed in. */
interface NotionBotUser {
  bot?: { owner?: { type?: string; user?: NotionProfile } }
}

export default function Notion(options: OAuthUserConfig<NotionProfile> = {}): OAuthConfig<NotionProfile> {
  const meUrl = `${NOTION_API}/v1/users/me`
  return mergeOptions<OAuthConfig<NotionProfile>>(
    {
      id: "notion",
      name: "Notion",
      type: "oauth",
      authorization: { url: `${NOTION_API}/v1/oauth/authorize`, params: { owner: "user" } },
      token: `${NOTION_API}/v1/oauth/token`,
      userinfo: {
        url: meUrl,
        async request({ tokens, provider, fetch }) {
          const response = await fetch(provider.userinfoUrl ?? meUrl, {
            headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, "notion-version": NOTION_API_VERSION, accept: "application/json" },
          })
          if (!response.ok) throw new OAuthCallbackError(`Notion's users API answered ${response.status}`)
          const user = ((await response.json()) as NotionBotUser).bot?.owner?.user
          if (!user) throw new OAuthCallbackError("The Notion integration is not owned by a user")
          return user
        },
      },
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? null, email: profile.person?.email ?? null, image: profile.avatar_url ?? null }
      },
      style: { brandColor: "#000000", bg: "#ffffff", text: "#000000" },
    },
    options,
  )
}
