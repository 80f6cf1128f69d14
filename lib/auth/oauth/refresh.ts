/**
 * Keeping provider access tokens fresh with the refresh_token grant.
 *
 * - database strategy: getAccessToken() returns a valid access token for an
 *   account, refreshing it when it has expired and storing the rotated
 *   tokens on the Account row (adapter.updateAccount);
 * - jwt strategy: refreshAccessTokenInJwt() does the same on the token, for
 *   use in the jwt callback.
 *
 * Refreshes are single-flight per account and provider configuration:
 * concurrent callers share one request, so a rotating refresh token is never
 * spent twice. A failed refresh is reported as `error: "RefreshTokenError"`, never
 * thrown.
 */
import * as o from "oauth4webapi"
import { hasMethods, refreshMethods } from "../adapters/capabilities"
import type { ResolvedConfig } from "../config/resolved"
import { MissingAdapterMethods, RefreshTokenError, type ErrorType } from "../errors"
import type { AdapterAccount } from "../adapters/types"
import type { JWT, TokenSet } from "../types"
import { tokenCredentialParams } from "./credential-params"
import { toTokenSet } from "./exchange"
import { requestOptions } from "./http"
import { isNormalised, type ResolvedOAuthProvider } from "./normalise"
import { authorizationServer, clientAuthFor, clientFor } from "./server"

/** Tokens are refreshed this many seconds before they expire, so a request never starts with one about to lapse. */
const EXPIRY_MARGIN_SECONDS = 60
/** A refresh's result is reused this long by requests that still hold the old refresh token. */
const RESULT_REUSE_MS = 30_000

/** A failed refresh, reported rather than thrown; the value is RefreshTokenError's type. */
export type RefreshError = { error: Extract<ErrorType, "RefreshTokenError"> }
export type AccessTokenResult = { accessToken: string; expiresAt?: number } | RefreshError

function isExpired(expiresAt: unknown): boolean {
  return typeof expiresAt === "number" && expiresAt - EXPIRY_MARGIN_SECONDS <= Date.now() / 1000
}

function oauthProvider(config: ResolvedConfig, id: string): ResolvedOAuthProvider {
  const provider = config.providerById.get(id)
  if (!provider || !isNormalised(provider)) throw new TypeError(`No OAuth provider with id "${id}"`)
  return provider
}

async function requestRefresh(provider: ResolvedOAuthProvider, refreshToken: string): Promise<TokenSet> {
  const as = await authorizationServer(provider)
  const client = clientFor(provider)
  let response = await o.refreshTokenGrantRequest(as, client, await clientAuthFor(provider), refreshToken, {
    ...requestOptions(provider),
    additionalParameters: tokenCredentialParams(provider),
  })
  // The same repairs as the code exchange: a provider's refresh answers in the same bent shape.
  const conform = provider.options?.conformTokenResponse as ((r: Response) => Promise<Response>) | undefined
  if (conform) response = await conform(response)
  const tokens = toTokenSet(await o.processRefreshTokenResponse(as, client, response))
  // Providers that do not rotate keep the old refresh token valid.
  return { ...tokens, refresh_token: tokens.refresh_token ?? refreshToken }
}

/**
 * One refresh per key at a time; a just-finished result is shared with late callers holding the same token.
 * The flights are the provider's (its runtime), so another configuration with a provider of the same id,
 * whose adapter would never see this result stored, runs its own.
 */
function singleFlight(provider: ResolvedOAuthProvider, key: string, run: () => Promise<TokenSet>): Promise<TokenSet> {
  const inFlight = provider.runtime.refreshes
  const existing = inFlight.get(key)
  if (existing && (existing.settledAt === undefined || Date.now() - existing.settledAt < RESULT_REUSE_MS)) return existing.promise
  const entry: { promise: Promise<TokenSet>; settledAt?: number } = { promise: run() }
  inFlight.set(key, entry)
  entry.promise.then(
    () => {
      entry.settledAt = Date.now()
      setTimeout(() => inFlight.get(key) === entry && inFlight.delete(key), RESULT_REUSE_MS).unref()
    },
    () => inFlight.get(key) === entry && inFlight.delete(key),
  )
  return entry.promise
}

function report(config: ResolvedConfig, cause: unknown): RefreshError {
  const error = new RefreshTokenError("The access token could not be refreshed", { cause })
  config.logger.error(error.type, error)
  return { error: "RefreshTokenError" }
}

/**
 * A valid access token for the account `{ provider, providerAccountId }`
 * (database strategy), refreshed and stored when it has expired. Takes the
 * resolved config; the core's getAccessToken(authConfig, …) resolves it.
 */
export async function accessTokenFor(
  config: ResolvedConfig,
  account: { provider: string; providerAccountId: string },
): Promise<AccessTokenResult> {
  const adapter = config.adapter
  if (!hasMethods(adapter, refreshMethods)) {
    throw new MissingAdapterMethods("getAccessToken needs the adapter's getAccount and updateAccount")
  }
  try {
    const stored = await adapter.getAccount(account.providerAccountId, account.provider)
    if (!stored?.access_token) return { error: "RefreshTokenError" }
    if (!isExpired(stored.expires_at)) return { accessToken: stored.access_token, expiresAt: stored.expires_at ?? undefined }
    if (!stored.refresh_token) return { error: "RefreshTokenError" }
    const provider = oauthProvider(config, account.provider)
    const refreshToken = stored.refresh_token
    // Keyed by the refresh token too: a result is only ever shared by callers who hold the same one.
    const key = `${account.provider}\u0000${account.providerAccountId}\u0000${refreshToken}`
    const tokens = await singleFlight(provider, key, async () => {
      const fresh = await requestRefresh(provider, refreshToken)
      await adapter.updateAccount({ ...(fresh as Partial<AdapterAccount>), provider: account.provider, providerAccountId: account.providerAccountId })
      return fresh
    })
    return { accessToken: tokens.access_token as string, expiresAt: tokens.expires_at }
  } catch (cause) {
    return report(config, cause)
  }
}

/** What refreshAccessTokenInJwt reads from the token: copy these from `account` in the jwt callback at sign-in. */
export interface JwtProviderTokens {
  provider?: string
  access_token?: string
  refresh_token?: string
  expires_at?: number
  error?: "RefreshTokenError"
}

/**
 * For the jwt callback: returns the token with fresh provider tokens when
 * they have expired, unchanged while they are valid, and with
 * `error: "RefreshTokenError"` when the refresh fails.
 *
 *   async jwt({ token, account }) {
 *     if (account) return { ...token, provider: account.provider, access_token: account.access_token,
 *                           refresh_token: account.refresh_token, expires_at: account.expires_at }
 *     return refreshAccessTokenInJwt(authConfig, token)
 *   }
 *
 * Takes the resolved config; the core's refreshAccessTokenInJwt(authConfig, …) resolves it.
 */
export async function refreshTokenInJwt<T extends JWT & JwtProviderTokens>(config: ResolvedConfig, token: T): Promise<T> {
  if (!token.provider || !isExpired(token.expires_at)) return token
  if (!token.refresh_token) return { ...token, error: "RefreshTokenError" }
  try {
    const provider = oauthProvider(config, token.provider)
    const refreshToken = token.refresh_token
    const tokens = await singleFlight(provider, `${token.provider}\u0000${refreshToken}`, () => requestRefresh(provider, refreshToken))
    const { error: _previous, ...rest } = token
    return {
      ...rest,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: tokens.expires_at,
    } as T
  } catch (cause) {
    return { ...token, ...report(config, cause) }
  }
}
