/**
 * The provider shapes a configuration lists: credentials, OAuth/OIDC, email
 * and WebAuthn. Types only; the factories that build each provider live
 * beside this file, one per provider id.
 */
import type { Awaitable, Profile, User } from "../types"
import type { CommonProviderOptions } from "./common"
import type { EmailConfig } from "./email"
import type { OAuthConfig } from "./oauth-types"

export type { CommonProviderOptions }

export interface CredentialInput {
  label?: string
  type?: string
  placeholder?: string
  autocomplete?: string
  required?: boolean
  [attribute: string]: unknown
}

export interface CredentialsConfig<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>
  extends CommonProviderOptions {
  type: "credentials"
  credentials: C
  authorize: (
    credentials: Partial<Record<keyof C, unknown>>,
    request: Request,
  ) => Awaitable<User | null>
  /**
   * The submitted field that names the account, for the per-identifier rate
   * limit. Default: the first declared credential that is not a password.
   */
  identifier?: (credentials: Partial<Record<keyof C, unknown>>) => string | undefined
  /**
   * Whether this user has a password that authorize() can check, for
   * re-authentication: a user without one is not offered the password, and
   * with two-factor on confirms with the code alone. Default: every user with
   * an address has one, so a two-factor user is always asked for password and
   * code (safe, but an account without a password can then only confirm with
   * a passkey or an email link).
   */
  hasPassword?: (user: { id: string; email: string }) => Awaitable<boolean>
}

/** OAuth 2.0 / OpenID Connect providers; see providers/oauth-types.ts. */
export type OAuthProviderConfig = OAuthConfig<Profile>

/** Email (magic link) providers: see providers/email.ts. */
export type EmailProviderConfig = EmailConfig

/** Who the passkeys belong to. Each field defaults from the public origin of the request. */
export interface RelyingPartyOptions {
  /** Default: the origin's host name. Passkeys are bound to it. */
  id?: string
  /** Shown by some authenticators. Default: the origin's host. */
  name?: string
  /** Origins whose responses are accepted. Default: the public origin. */
  origin?: string | string[]
}

/** A field the sign-in page collects before a WebAuthn ceremony. */
export interface WebAuthnFormField {
  label?: string
  type?: string
  required?: boolean
  autocomplete?: string
}

export type WebAuthnRequirement = "required" | "preferred" | "discouraged"

export interface WebAuthnProviderConfig extends CommonProviderOptions {
  type: "webauthn"
  relyingParty?: RelyingPartyOptions
  /** Auth.js's spelling of `relyingParty`, accepted so configurations carry over. */
  relayingParty?: RelyingPartyOptions
  /** How long the browser waits for the authenticator, in milliseconds. */
  timeout: number
  /** Whether the authenticator must verify the user (PIN, biometrics); "required" is enforced on the server. */
  userVerification: WebAuthnRequirement
  /** Whether the credential must be discoverable (a passkey that needs no user name). */
  residentKey: WebAuthnRequirement
  formFields: Record<string, WebAuthnFormField>
  /** Offer passkeys in the browser's autofill on the built-in sign-in page (one provider at most). */
  enableConditionalUI: boolean
  /** COSE algorithm ids accepted at registration. Default: @simplewebauthn's list (EdDSA, ES256, RS256). */
  supportedAlgorithmIDs?: number[]
}

export type ProviderConfig =
  | CredentialsConfig
  | OAuthProviderConfig
  | EmailProviderConfig
  | WebAuthnProviderConfig

/**
 * An OAuth/OIDC provider whatever its profile type. A factory types its
 * `profile()` with the provider's own profile shape (LinkedIn's `locale` is an
 * object, not the OpenID string), which the configuration need not know: the
 * engine calls `profile()` with what that provider sent. `never` is the
 * profile type every shape accepts (a method's parameter is compared both
 * ways), so any `OAuthConfig<P>` is one without a cast, as in next-auth.
 */
export type AnyOAuthProviderConfig = OAuthConfig<never>

/**
 * A provider as given in the config: an object, or a factory the library
 * calls with the options read from the environment (config/env.ts).
 */
export type Provider =
  | ProviderConfig
  | AnyOAuthProviderConfig
  | ((options?: Record<string, unknown>) => ProviderConfig | AnyOAuthProviderConfig)

