/**
 * The shape of an OAuth 2.0 / OpenID Connect provider as an app writes it
 * (built-in factories return it too). Only types live here: the engine that
 * reads them is lib/auth/oauth/.
 */
import type { customFetch } from "../symbols"
import type { Account, Awaitable, Profile, TokenSet, User } from "../types"

/** Extra parameters for an endpoint, added to its query (authorization) or form. */
export type EndpointParams = Record<string, string | undefined>

/** An endpoint given as a URL, or as a URL plus parameters. */
export type EndpointOption<Extra = object> = string | ({ url?: string; params?: EndpointParams } & Extra)

/** Reads the user's profile with an access token (providers whose userinfo is not one GET). */
export interface UserinfoRequestContext {
  tokens: TokenSet
  provider: { id: string; clientId?: string; userinfoUrl?: string }
  /** The provider's fetch (customFetch when set) with the engine's timeout applied. */
  fetch: typeof fetch
}

/** What profile() gets besides the profile and tokens, for providers that read more with the access token. */
export interface ProfileContext {
  /** The provider's fetch (customFetch when set) with the engine's timeout applied. */
  fetch: typeof fetch
}

export type UserinfoOption = EndpointOption<{
  request?: (context: UserinfoRequestContext) => Awaitable<Profile>
}>

/** Checks bound to the browser through encrypted cookies. `state` is always on. */
export type OAuthCheck = "pkce" | "state" | "nonce" | "none"

export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "none"

export interface ProviderStyle {
  /** Brand colour of the sign-in button. */
  brandColor?: string
  bg?: string
  text?: string
  /** Same-origin or data: URL of an icon; the built-in pages otherwise draw a shipped mark. */
  logo?: string
}

export interface OAuthConfig<P extends object = Profile> {
  id: string
  name: string
  type: "oauth" | "oidc"
  /** Issuer identifier; with `type: "oidc"` the endpoints come from its discovery document. */
  issuer?: string
  /** Discovery document URL when it is not `${issuer}/.well-known/openid-configuration`. */
  wellKnown?: string
  authorization?: EndpointOption
  token?: EndpointOption
  userinfo?: UserinfoOption
  clientId?: string
  clientSecret?: string
  client?: { token_endpoint_auth_method?: ClientAuthMethod; [metadata: string]: unknown }
  /** Default `["pkce", "state"]`, plus `"nonce"` for OIDC. `state` cannot be turned off. */
  checks?: OAuthCheck[]
  /**
   * Maps the provider's profile to the user; must return an `id` (the account id at the provider).
   * The engine always passes `context`; it is optional for callers outside a sign-in (tests).
   */
  profile?(profile: P, tokens: TokenSet, context?: ProfileContext): Awaitable<User>
  /** Picks what is stored on the Account row; default: the standard token fields. */
  account?(tokens: TokenSet): Partial<Account> | undefined
  style?: ProviderStyle
  /** Links a new account to an existing user with the same email. Only for providers that verify emails. */
  allowDangerousEmailAccountLinking?: boolean
  /** Overrides the configuration's `redirectProxyUrl` for this provider. */
  redirectProxyUrl?: string
  /** Opt-in: sign-out continues to the provider's end_session_endpoint (OIDC). */
  federatedSignOut?: boolean
  /** OIDC: `false` reads the profile from userinfo instead of the ID token's claims. */
  idToken?: boolean
  /**
   * Makes the client secret each time the token endpoint needs one, for providers whose secret is a
   * short-lived signed JWT (Apple); the provider caches it. When set, `clientSecret` is not used there.
   */
  createClientSecret?: (client: { clientId: string }) => Awaitable<string>
  /**
   * Provider quirks, applied to the profile (ID token claims, userinfo) before anything reads it,
   * with the fields of the callback: e.g. Apple's string booleans and the `user` field its
   * form_post callback carries on the first sign-in only.
   */
  conformProfile?: (profile: Profile, callbackParams: URLSearchParams) => Profile
  /** Replaces fetch for every request to the identity provider. */
  [customFetch]?: typeof fetch
  /** Provider-specific options a factory documents (e.g. X's `version`). */
  options?: Record<string, unknown>
}

/** What a built-in factory accepts: everything optional, merged over its defaults. */
export type OAuthUserConfig<P extends object = Profile> = Partial<OAuthConfig<P>>
