/**
 * Turns an OAuth/OIDC provider as configured into the one form the engine
 * reads: endpoint URLs and parameters split, checks decided, the redirect
 * proxy URL completed. Runs once per configuration (config/resolve), never
 * per request; it makes no network request.
 */
import type { JWTVerifyGetKey } from "jose"
import type { AuthorizationServer } from "oauth4webapi"
import type { ClientAuthMethod, OAuthConfig, UserinfoOption } from "../providers/oauth-types"
import type { Awaitable, Profile, TokenSet } from "../types"
import type { UserinfoRequestContext } from "../providers/oauth-types"

/**
 * What a provider learns from its server while the app runs. It lives on the
 * resolved provider, so with its configuration, never in module state: two
 * configurations, or two providers that each bring their own `fetch`, keep
 * their own.
 */
export interface ProviderRuntime {
  /** The discovery document, being fetched or fetched (oauth/server.ts). A failure is dropped, so the next sign-in asks again. */
  discovery?: Promise<AuthorizationServer>
  /** The issuer's key sets by jwks_uri, each fetched with this provider's `fetch` (oauth/id-token.ts). */
  readonly keySets: Map<string, JWTVerifyGetKey>
  /** Token refreshes in flight or just finished, by account and refresh token (oauth/refresh.ts). */
  readonly refreshes: Map<string, { promise: Promise<TokenSet>; settledAt?: number }>
}

function newRuntime(): ProviderRuntime {
  return { keySets: new Map(), refreshes: new Map() }
}

export interface ResolvedEndpoint {
  url?: string
  params: Record<string, string>
}

export interface ResolvedOAuthProvider extends OAuthConfig<Profile> {
  authorization: ResolvedEndpoint
  token: ResolvedEndpoint
  userinfo: ResolvedEndpoint & { request?: (context: UserinfoRequestContext) => Awaitable<Profile> }
  /** The checks this provider runs; "state" is always among them. */
  checkSet: ReadonlySet<"pkce" | "state" | "nonce">
  clientAuthMethod: ClientAuthMethod
  /** `${redirectProxyUrl}/callback/${id}` when a redirect proxy is in use for this provider. */
  proxyRedirectUri?: string
  /** Marks the object as normalised (a second pass leaves it alone). */
  normalised: true
  /** Discovery, key sets and refreshes of this provider in this configuration. */
  runtime: ProviderRuntime
}

function definedParams(params: Record<string, string | undefined> | undefined): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) result[key] = String(value)
  return result
}

function endpoint(option: UserinfoOption | undefined): ResolvedOAuthProvider["userinfo"] {
  if (option === undefined) return { params: {} }
  if (typeof option === "string") return { url: option, params: {} }
  return { url: option.url, params: definedParams(option.params), request: option.request }
}

/** Moves query parameters written into the authorization URL into its params (explicit params win). */
function splitUrl(resolved: ResolvedEndpoint): ResolvedEndpoint {
  if (!resolved.url) return resolved
  const url = new URL(resolved.url)
  const fromUrl = Object.fromEntries(url.searchParams)
  url.search = ""
  return { url: url.href, params: { ...fromUrl, ...resolved.params } }
}

export function isNormalised(provider: object): provider is ResolvedOAuthProvider {
  return (provider as { normalised?: unknown }).normalised === true
}

export function normaliseOAuthProvider(
  provider: OAuthConfig<Profile>,
  options: { redirectProxyUrl?: string },
): ResolvedOAuthProvider {
  // Already normalised (a provider object taken from another resolved configuration): only its
  // run-time state is its own in this one.
  if (isNormalised(provider)) return { ...provider, runtime: newRuntime() }
  const authorization = splitUrl(endpoint(provider.authorization))
  if (provider.type === "oidc" && authorization.params.scope === undefined) {
    authorization.params.scope = "openid profile email"
  }
  const listed = provider.checks ?? ["pkce", ...(provider.type === "oidc" ? (["nonce"] as const) : [])]
  const checkSet = new Set<"pkce" | "state" | "nonce">(["state"])
  for (const check of listed) if (check === "pkce" || check === "nonce") checkSet.add(check)

  const proxy = provider.redirectProxyUrl ?? options.redirectProxyUrl
  const formPost = authorization.params.response_mode === "form_post"
  return {
    ...provider,
    authorization,
    // Token and userinfo URLs keep their query (e.g. VK's API version); only the authorization URL is rebuilt.
    token: endpoint(provider.token),
    userinfo: endpoint(provider.userinfo),
    checkSet,
    clientAuthMethod:
      provider.client?.token_endpoint_auth_method ?? (provider.clientSecret || provider.createClientSecret ? "client_secret_basic" : "none"),
    // A form_post response cannot be forwarded by a redirect, so such providers never use the proxy.
    proxyRedirectUri: proxy && !formPost ? `${proxy.replace(/\/+$/, "")}/callback/${provider.id}` : undefined,
    normalised: true,
    runtime: newRuntime(),
  }
}
