/**
 * Coinbase (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/coinbase
 * Variables: AUTH_COINBASE_ID, AUTH_COINBASE_SECRET
 *
 * The v2 user, read with the wallet:user:read and wallet:user:email scopes.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.cdp.coinbase.com/coinbase-app/docs/api-users#show-current-user */
export interface CoinbaseProfile {
  data: {
    id: string
    name: string | null
    username: string | null
    profile_location: string | null
    profile_bio: string | null
    profile_url: string | null
    avatar_url: string
    resource: "user"
    resource_path: string
    email?: string
    time_zone?: string
    native_currency?: string
    bitcoin_unit?: string
    country?: { code: string; name: string }
    created_at?: string
  }
  [field: string]: unknown
}

export default function Coinbase(options: OAuthUserConfig<CoinbaseProfile> = {}): OAuthConfig<CoinbaseProfile> {
  return mergeOptions<OAuthConfig<CoinbaseProfile>>(
    {
      id: "coinbase",
      name: "Coinbase",
      type: "oauth",
      authorization: { url: "https://login.coinbase.com/oauth2/auth", params: { scope: "wallet:user:email wallet:user:read" } },
      token: "https://login.coinbase.com/oauth2/token",
      userinfo: "https://api.coinbase.com/v2/user",
      profile(profile) {
        const data = profile.data
        return { id: accountId(data?.id), name: data.name ?? null, email: data.email ?? null, image: data.avatar_url ?? null }
      },
      style: { brandColor: "#0052ff" },
    },
    options,
  )
}
