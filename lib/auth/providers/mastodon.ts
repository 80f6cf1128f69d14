/**
 * Mastodon (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/mastodon
 * Variables: AUTH_MASTODON_ID, AUTH_MASTODON_SECRET, AUTH_MASTODON_ISSUER
 *
 * `issuer` is the server's address (e.g. https://mastodon.social); the
 * endpoints are built from it. Mastodon shares no email address.
 */
import { accountId } from "./account-id"
import { instanceUrl } from "./instance-url"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.joinmastodon.org/entities/Account/ (CredentialAccount) */
export interface MastodonProfile {
  id: string
  username: string
  acct: string
  display_name: string
  locked: boolean
  bot: boolean
  created_at: string
  note: string
  url: string
  avatar: string
  avatar_static: string
  header: string
  header_static: string
  followers_count: number
  following_count: number
  statuses_count: number
  last_status_at: string | null
  [field: string]: unknown
}

export default function Mastodon(options: OAuthUserConfig<MastodonProfile> = {}): OAuthConfig<MastodonProfile> {
  const base = instanceUrl("Mastodon", options.issuer, "AUTH_MASTODON_ISSUER")
  return mergeOptions<OAuthConfig<MastodonProfile>>(
    {
      id: "mastodon",
      name: "Mastodon",
      type: "oauth",
      authorization: { url: `${base}/oauth/authorize`, params: { scope: "read" } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v1/accounts/verify_credentials`,
      profile(profile) {
        return { id: accountId(profile.id), name: profile.username, email: null, image: profile.avatar_static ?? null }
      },
      style: { brandColor: "#6364ff" },
    },
    { ...options, issuer: base },
  )
}

/**
 * Who this factory is without calling it (it refuses to run without
 * `issuer`): lets an app list it uncalled, built from AUTH_MASTODON_ISSUER
 * and the other variables (config/env.ts).
 */
Mastodon.identity = { id: "mastodon", type: "oauth" } as const
