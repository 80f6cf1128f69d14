/**
 * Nextcloud (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/nextcloud
 * Variables: AUTH_NEXTCLOUD_ID, AUTH_NEXTCLOUD_SECRET, AUTH_NEXTCLOUD_ISSUER
 *
 * `issuer` is the server's address. The user is read from the OCS users API
 * (the token response names the user: `user_id`), which wants the
 * `OCS-APIRequest` header; the avatar is the server's avatar URL.
 */
import { accountId } from "./account-id"
import { instanceUrl } from "./instance-url"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"

/** https://docs.nextcloud.com/server/latest/admin_manual/configuration_user/instruction_set_for_users.html#get-data-of-a-single-user */
export interface NextcloudProfile {
  id: string
  displayname: string | null
  email: string | null
  enabled?: boolean
  storageLocation?: string
  lastLogin?: number
  backend?: string
  subadmin?: string[]
  quota?: { free?: number; used?: number; total?: number; relative?: number; quota?: number }
  phone?: string
  website?: string
  twitter?: string
  groups?: string[]
  language?: string
  locale?: string
  [field: string]: unknown
}

interface OcsResponse {
  ocs?: { meta?: { status?: string; statuscode?: number }; data?: NextcloudProfile }
}

export default function Nextcloud(options: OAuthUserConfig<NextcloudProfile> = {}): OAuthConfig<NextcloudProfile> {
  const base = instanceUrl("Nextcloud", options.issuer, "AUTH_NEXTCLOUD_ISSUER")
  const usersUrl = `${base}/ocs/v1.php/cloud/users`
  return mergeOptions<OAuthConfig<NextcloudProfile>>(
    {
      id: "nextcloud",
      name: "Nextcloud",
      type: "oauth",
      authorization: `${base}/apps/oauth2/authorize`,
      token: `${base}/apps/oauth2/api/v1/token`,
      userinfo: {
        url: usersUrl,
        async request({ tokens, provider, fetch }) {
          if (typeof tokens.user_id !== "string" || tokens.user_id === "") throw new OAuthCallbackError("Nextcloud named no user in its token response")
          const url = `${provider.userinfoUrl ?? usersUrl}/${encodeURIComponent(tokens.user_id)}`
          const response = await fetch(url, {
            headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json", "ocs-apirequest": "true" },
          })
          if (!response.ok) throw new OAuthCallbackError(`Nextcloud's users API answered ${response.status}`)
          const body = (await response.json()) as OcsResponse
          if (!body.ocs?.data) throw new OAuthCallbackError("Nextcloud answered without a user")
          return body.ocs.data
        },
      },
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: profile.displayname ?? null,
          email: profile.email ?? null,
          image: `${base}/avatar/${encodeURIComponent(profile.id)}/512`,
        }
      },
      style: { brandColor: "#0082c9", bg: "#ffffff", text: "#0082c9" },
    },
    { ...options, issuer: base },
  )
}

/**
 * Who this factory is without calling it (it refuses to run without
 * `issuer`): lets an app list it uncalled, built from AUTH_NEXTCLOUD_ISSUER
 * and the other variables (config/env.ts).
 */
Nextcloud.identity = { id: "nextcloud", type: "oauth" } as const
