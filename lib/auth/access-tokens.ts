/**
 * The provider access-token helpers as the app calls them, with its
 * configuration object: resolved here (once per object, as Auth() does), so
 * the refresh flow (oauth/refresh.ts) only ever sees the resolved config.
 */
import { resolveAuthConfig } from "./auth"
import { type AccessTokenResult, accessTokenFor, type JwtProviderTokens, refreshTokenInJwt } from "./oauth/refresh"
import type { AuthConfig } from "./config/types"
import type { JWT } from "./types"

export type { AccessTokenResult, JwtProviderTokens } from "./oauth/refresh"

/**
 * A valid access token for the account `{ provider, providerAccountId }`
 * (database strategy), refreshed and stored when it has expired.
 */
export function getAccessToken(
  config: AuthConfig,
  account: { provider: string; providerAccountId: string },
): Promise<AccessTokenResult> {
  return accessTokenFor(resolveAuthConfig(config), account)
}

/**
 * For the jwt callback: the token with fresh provider tokens once they have
 * expired, unchanged while they are valid, `error: "RefreshTokenError"` when
 * the refresh fails (see oauth/refresh.ts).
 */
export function refreshAccessTokenInJwt<T extends JWT & JwtProviderTokens>(config: AuthConfig, token: T): Promise<T> {
  return refreshTokenInJwt(resolveAuthConfig(config), token)
}
