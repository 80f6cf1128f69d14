/**
 * Public types of the library. Field names follow the specification (§2) and
 * Auth.js v5 so that apps, tokens and database rows move between the two.
 */
import type { Adapter, AdapterSession, AdapterUser } from "./adapters/types"
import type { LoggerInstance } from "./logger"
import type { Provider } from "./providers/types"
import type { RateLimitOptions } from "./rate-limit/limiter"
import type { ValidSinceCache } from "./session/valid-since-cache"

export type Awaitable<T> = T | PromiseLike<T>

// ---------------------------------------------------------------------------
// Application-facing shapes (spec §2.7)
// ---------------------------------------------------------------------------

export interface User {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
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
// Adapter contract (spec §2.4): in adapters/types.ts, re-exported here
// ---------------------------------------------------------------------------

export type {
  Adapter,
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  NewAdapterSession,
  VerificationToken,
} from "./adapters/types"

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

export type CookiesOptions = Record<CookieKey, CookieOption>

/** A cookie the library wants the response to set (or clear, with maxAge 0). */
export interface Cookie {
  name: string
  value: string
  options: CookieSerializeOptions
}

// ---------------------------------------------------------------------------
// Pages, theme, logger
// ---------------------------------------------------------------------------

export interface PagesOptions {
  signIn: string
  signOut: string
  error: string
  verifyRequest: string
  newUser: string
}

export interface Theme {
  colorScheme?: "auto" | "dark" | "light"
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
}

export type { LoggerInstance, WarningCode } from "./logger"

// ---------------------------------------------------------------------------
// Callbacks and events (spec §2.3, §6)
// ---------------------------------------------------------------------------

export interface CallbacksOptions {
  signIn: (params: {
    user: User | AdapterUser
    account?: Account | null
    profile?: Profile
    email?: { verificationRequest?: boolean }
    credentials?: Record<string, unknown>
  }) => Awaitable<boolean | string>
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  session: (
    params: {
      session: Session & { user?: User | AdapterUser }
      token: JWT
      user: AdapterUser
      newSession?: unknown
      trigger?: "update"
    },
  ) => Awaitable<Session | Record<string, unknown> | null>
  jwt: (params: {
    token: JWT
    user?: User | AdapterUser
    account?: Account | null
    profile?: Profile
    trigger?: "signIn" | "signUp" | "update"
    isNewUser?: boolean
    session?: unknown
  }) => Awaitable<JWT | null>
}

export interface EventCallbacks {
  signIn: (message: {
    user: User
    account?: Account | null
    profile?: Profile
    isNewUser?: boolean
  }) => Awaitable<void>
  signOut: (message: { session: AdapterSession | null | undefined } | { token: JWT | null }) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>
  session: (message: { session: Session; token: JWT }) => Awaitable<void>
}

// ---------------------------------------------------------------------------
// Providers: in providers/types.ts, re-exported here
// ---------------------------------------------------------------------------

export type {
  CommonProviderOptions,
  CredentialInput,
  CredentialsConfig,
  OAuthProviderConfig,
  EmailProviderConfig,
  RelyingPartyOptions,
  WebAuthnFormField,
  WebAuthnRequirement,
  WebAuthnProviderConfig,
  ProviderConfig,
  Provider,
} from "./providers/types"

// ---------------------------------------------------------------------------
// Session options and the configuration object (spec §2.2, §2.5)
// ---------------------------------------------------------------------------

export interface SessionOptions {
  strategy: "jwt" | "database"
  maxAge: number
  updateAge: number
  generateSessionToken: () => string
  /**
   * Not in Auth.js. jwt strategy with an adapter that stores "sessions valid
   * since" (the Prisma adapter): how many seconds a process may go on using
   * the instant it last read for a user, i.e. how long a revoked session may
   * still be accepted by another instance. Default 60 (AUTH_REVOCATION_DELAY);
   * 0 reads the database on every session read.
   */
  revocationDelay: number
  /** Where those instants are kept; default one cache per process. Tests give each "instance" its own. */
  revocationCache?: ValidSinceCache
}

export interface AuthConfig {
  providers: Provider[]
  adapter?: Adapter
  basePath?: string
  callbacks?: Partial<CallbacksOptions>
  cookies?: Partial<Record<CookieKey, Partial<CookieOption> & { options?: CookieSerializeOptions }>>
  debug?: boolean
  events?: Partial<EventCallbacks>
  experimental?: { enableWebAuthn?: boolean }
  jwt?: Partial<JWTOptions>
  logger?: Partial<LoggerInstance>
  pages?: Partial<PagesOptions>
  redirectProxyUrl?: string
  secret?: string | string[]
  session?: Partial<SessionOptions>
  skipCSRFCheck?: symbol
  theme?: Theme
  trustHost?: boolean
  useSecureCookies?: boolean
  raw?: symbol
  /** Rate limits on sign-in and the app's own actions (memory store by default); false turns them off. */
  rateLimit?: RateLimitOptions | false
}
