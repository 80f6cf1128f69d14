/**
 * The data the library passes around: users, sessions, profiles, accounts,
 * tokens, cookies, pages and theme. Plain shapes that import nothing, so
 * every module may use them. Field names follow the specification (§2) and
 * Auth.js v5 so that apps, tokens and database rows move between the two.
 * What a configuration holds (adapter, providers, callbacks) is in
 * config/types.ts.
 */
export type Awaitable<T> = T | PromiseLike<T>

/**
 * Whether an Awaitable must be awaited. `await` on a plain value still makes
 * a promise, and under Next.js every promise pays async-hook bookkeeping, so
 * the per-request paths await only what is a promise (any thenable, as
 * `await` would treat it).
 */
export function isPromiseLike<T>(value: Awaitable<T>): value is PromiseLike<T> {
  return typeof value === "object" && value !== null && typeof (value as PromiseLike<T>).then === "function"
}

// ---------------------------------------------------------------------------
// Application-facing shapes (spec §2.7)
// ---------------------------------------------------------------------------

export interface User {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
  /**
   * Not in Auth.js: on a session's user, the roles they hold ("user" always). The
   * library sets it after the session callback, so the app's callback cannot grant a role.
   */
  roles?: readonly string[]
  [key: string]: unknown
}

export interface Session {
  user?: User
  /** ISO 8601 date string. */
  expires: string
  [key: string]: unknown
}

export interface Profile {
  sub?: string | null
  id?: string | number | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: unknown
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | string | number | null
  address?: {
    formatted?: string | null
    street_address?: string | null
    locality?: string | null
    region?: string | null
    postal_code?: string | null
    country?: string | null
  } | null
  [claim: string]: unknown
}

export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn"

export interface TokenSet {
  access_token?: string
  refresh_token?: string
  id_token?: string
  scope?: string
  token_type?: string
  expires_in?: number
  expires_at?: number
  authorization_details?: unknown[]
  session_state?: string | null
  [key: string]: unknown
}

export interface Account extends TokenSet {
  provider: string
  providerAccountId: string
  type: ProviderType
  userId?: string
}

// ---------------------------------------------------------------------------
// Token module shapes (spec §2.6)
// ---------------------------------------------------------------------------

export interface JWT {
  name?: string | null
  email?: string | null
  picture?: string | null
  sub?: string
  iat?: number
  exp?: number
  jti?: string
  [claim: string]: unknown
}

export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload
  salt: string
  secret: string | string[]
  /** Seconds. Default 30 days. */
  maxAge?: number
}

export interface JWTDecodeParams {
  token?: string
  salt: string
  secret: string | string[]
}

export interface JWTOptions {
  maxAge: number
  encode: (params: JWTEncodeParams) => Awaitable<string>
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>
}

// ---------------------------------------------------------------------------
// Cookies (reference §B)
// ---------------------------------------------------------------------------

export interface CookieSerializeOptions {
  domain?: string
  expires?: Date
  httpOnly?: boolean
  maxAge?: number
  partitioned?: boolean
  path?: string
  priority?: "low" | "medium" | "high"
  sameSite?: boolean | "lax" | "strict" | "none"
  secure?: boolean
}

export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

export type CookieKey =
  | "sessionToken"
  | "callbackUrl"
  | "csrfToken"
  | "pkceCodeVerifier"
  | "state"
  | "nonce"
  | "webauthnChallenge"
  /** A first factor passed, the second not yet (lib/auth/two-factor/pending.ts). */
  | "twoFactorPending"
  /** An SSO sign-in in progress: the SAML AuthnRequest id its answer must name, or an OpenID Connect test sign-in's mark (lib/auth/sso/request-cookie.ts). */
  | "ssoRequest"

export type CookiesOptions = Record<CookieKey, CookieOption>

/** The cookie settings a configuration may override, per cookie; the rest keep their defaults. */
export type CookiesOverrides = Partial<Record<CookieKey, Partial<CookieOption> & { options?: CookieSerializeOptions }>>

/** A cookie the library wants the response to set (or clear, with maxAge 0). */
export interface Cookie {
  name: string
  value: string
  options: CookieSerializeOptions
}

// ---------------------------------------------------------------------------
// Pages and theme
// ---------------------------------------------------------------------------

export interface PagesOptions {
  signIn: string
  signOut: string
  error: string
  verifyRequest: string
  newUser: string
  /** The second step of a two-factor sign-in (default: the built-in `{basePath}/two-factor`). */
  twoFactor: string
  /**
   * Step-up: where a user confirms who they are before a sensitive action
   * (default: the built-in `{basePath}/reauthenticate`). It receives
   * `?callbackUrl=` (and `?error=` after a refused attempt) and posts its
   * forms to `{basePath}/reauthenticate`, as the built-in page does.
   */
  reauthenticate: string
}

export interface Theme {
  colorScheme?: "auto" | "dark" | "light"
  /**
   * The product's name as people know it ("Acme Books"). The library's mails, its built-in pages,
   * the authenticator entry (TOTP issuer) and the passkey prompt (WebAuthn relying-party name) use
   * it; without it they fall back to the host of the site's URL. `twoFactor.issuer` and a passkey
   * provider's `relyingParty.name`, when set, win over it for their one use.
   */
  name?: string
  /** The product's logo (an http(s), same-origin or data:image URL), in the pages' header. */
  logo?: string
  brandColor?: string
  buttonText?: string
  /**
   * Links shown under the built-in sign-in form, in order: e.g.
   * `[{ label: "Create an account", href: "/signup" }, { label: "Back to the site", href: "/" }]`.
   * An href must be a same-origin path or an http(s) URL; others are left out.
   */
  links?: { label: string; href: string }[]
  /**
   * Links shown on the built-in "Check your email" page (`pages.verifyRequest`), under its text,
   * with the same URL rules: e.g. a development mailbox.
   */
  verifyRequestLinks?: { label: string; href: string }[]
  /**
   * "Forgot password?" beside the password field's label on the built-in sign-in and "Confirm
   * it's you" pages: e.g. `{ label: "Forgot password?", href: "/forgot-password" }`. Same URL rules.
   */
  forgotPasswordLink?: { label: string; href: string }
}
