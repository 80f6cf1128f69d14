/**
 * Typed errors, one class per error kind. `type` names the kind in logs and in
 * the `?error=` query of the sign-in and error pages (same names as Auth.js v5
 * so custom pages keep working); `kind` says which of those pages an error
 * sends the user to. Nothing here decides what the user is shown: that is the
 * error boundary in auth.ts.
 */

export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AdapterError"
  | "BadRequest"
  | "BasePathMismatch"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DatabaseUnavailable"
  | "CrossSiteRequest"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InvalidEnvironmentVariable"
  | "InvalidProvider"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthSignInError"
  | "RateLimited"
  | "RateLimitStoreError"
  | "SessionTokenError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError"

/** What a response may report as its error: a type, or "Configuration" for anything not client-safe. */
export type ReportedErrorType = ErrorType | "Configuration"

/** The page an error sends the user to. */
export type ErrorKind = "signIn" | "error"

/**
 * The CredentialsSignin codes the built-in sign-in page knows (`?code=`). None
 * may say which credential was wrong: `credentials` is the default for any
 * refusal, `rate_limited` a refusal by a rate limit, `busy` a refusal because
 * the server is checking too many passwords at once, `unverified` an account
 * whose email address is not confirmed yet (for apps that require it). An
 * app may use codes of its own; the page shows them the generic message.
 */
export type CredentialsErrorCode = "credentials" | "rate_limited" | "busy" | "unverified"

export interface AuthErrorCause extends Record<string, unknown> {
  err?: Error
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}

/**
 * Whatever was thrown, as the `{ err }` record the logger and the
 * specification expect. A record that already has `err` keeps its other
 * fields (e.g. the provider id), with `err` made an Error.
 */
function normaliseCause(cause: unknown): AuthErrorCause {
  if (typeof cause === "object" && cause !== null && !(cause instanceof Error) && "err" in cause) {
    return { ...cause, err: toError(cause.err) }
  }
  return { err: toError(cause) }
}

/**
 * A registered symbol every AuthError carries: the types of its classes, most
 * derived first. Frameworks compile the library into several bundles (Next.js:
 * route handlers, server actions, middleware), each with its own copy of these
 * classes, and an error thrown by one copy is no `instanceof` of another's. The
 * brand is what `instanceof` falls back to, so checks hold across bundles.
 */
const AUTH_ERROR_BRAND = Symbol.for("next-auth-starter.auth-error")

type Branded = { [AUTH_ERROR_BRAND]?: readonly ErrorType[] }
type ErrorClass = abstract new (...args: never[]) => Error

/** Whether `target` is the root of its copy of the hierarchy: AuthError itself, in whichever bundle. */
const isRoot = (target: ErrorClass) => Object.getPrototypeOf(target.prototype) === Error.prototype

/** The types a class and its parents declare, up to (not including) the root AuthError. */
function declaredTypes(target: ErrorClass): ErrorType[] {
  const types: ErrorType[] = []
  for (let c: ErrorClass = target; !isRoot(c); c = Object.getPrototypeOf(c) as ErrorClass) {
    if (Object.hasOwn(c, "type")) types.push((c as unknown as { type: ErrorType }).type)
  }
  return types
}

export class AuthError extends Error {
  static type: ErrorType = "CallbackRouteError"
  static kind: ErrorKind = "error"
  type: ErrorType
  override cause?: AuthErrorCause
  declare readonly [AUTH_ERROR_BRAND]: readonly ErrorType[]

  /**
   * `error instanceof SomeAuthError`, also for an error from another bundle's
   * copy of the library: any branded error is an AuthError, and it is an
   * instance of a subclass that declares its own type when that type is one
   * of the error's.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true
    const types = typeof value === "object" && value !== null ? (value as Branded)[AUTH_ERROR_BRAND] : undefined
    if (!Array.isArray(types)) return false
    if (isRoot(this)) return true
    return Object.hasOwn(this, "type") && types.includes((this as typeof AuthError).type)
  }

  /**
   * `new AuthError(message, { cause })` with any thrown value as the cause,
   * `new AuthError(error)` to wrap an error, or `new AuthError({ err, … })`.
   */
  constructor(message?: string | Error | AuthErrorCause, options?: { cause?: unknown }) {
    if (message instanceof Error) {
      super(message.message)
      this.cause = { ...(message.cause as object | undefined), err: message }
    } else if (typeof message === "string" || message === undefined) {
      super(message)
      if (options && "cause" in options && options.cause !== undefined) this.cause = normaliseCause(options.cause)
    } else {
      super(undefined)
      this.cause = message
    }
    this.name = new.target.name
    this.type = (new.target as typeof AuthError).type
    Object.defineProperty(this, AUTH_ERROR_BRAND, { value: Object.freeze(declaredTypes(new.target)) })
  }

  /** The page this error sends the user to. */
  get kind(): ErrorKind {
    return (this.constructor as typeof AuthError).kind
  }
}

/** Errors that send the user back to the sign-in page rather than the error page. */
export class SignInError extends AuthError {
  static override kind: ErrorKind = "signIn"
}

/**
 * A request refused before any action ran (not an auth route, a method other
 * than GET/POST, an oversized or malformed body): answered with its status,
 * never sent to an error page.
 */
export class BadRequest extends AuthError {
  static override type: ErrorType = "BadRequest"
  constructor(
    readonly status: 400 | 413 | 415,
    message = "Bad request.",
  ) {
    super(message)
  }
}

export class AccessDenied extends AuthError { static override type: ErrorType = "AccessDenied" }
export class AdapterError extends AuthError { static override type: ErrorType = "AdapterError" }
/**
 * The database (or whatever the adapter talks to) cannot be reached: refused,
 * reset or timed-out connections, a server shutting down, an exhausted pool.
 * Not the user's fault and not a configuration error: answered with 503 and
 * Retry-After, and never read as "signed out". `code` is stable for callers.
 */
export class DatabaseUnavailable extends AdapterError {
  static override type: ErrorType = "DatabaseUnavailable"
  readonly code = "database_unavailable"
  /** How long a client is asked to wait (the Retry-After of the 503). */
  readonly retryAfterSeconds = 5
}
/** The rate limiter's store failed; the request was let through. */
export class RateLimitStoreError extends AuthError { static override type: ErrorType = "RateLimitStoreError" }
export class CallbackRouteError extends AuthError { static override type: ErrorType = "CallbackRouteError" }
export class ErrorPageLoop extends AuthError { static override type: ErrorType = "ErrorPageLoop" }
export class EventError extends AuthError { static override type: ErrorType = "EventError" }
export class InvalidCallbackUrl extends AuthError { static override type: ErrorType = "InvalidCallbackUrl" }
export class InvalidCheck extends AuthError { static override type: ErrorType = "InvalidCheck" }
export class InvalidEndpoints extends AuthError { static override type: ErrorType = "InvalidEndpoints" }
/**
 * Two places name where the auth routes live and disagree: the path of
 * AUTH_URL (or `basePath`) and where a framework mounted them. Refused
 * rather than answering 400 on every route; the message names both paths.
 */
export class BasePathMismatch extends AuthError {
  static override type: ErrorType = "BasePathMismatch"
  readonly code = "base_path_mismatch"
}
/**
 * An environment variable that is set but cannot be used (e.g. AUTH_URL
 * without a scheme). `variable` names it; the message shows a correct value.
 */
export class InvalidEnvironmentVariable extends AuthError {
  static override type: ErrorType = "InvalidEnvironmentVariable"
  readonly code = "invalid_environment_variable"
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message)
  }
}
export class InvalidProvider extends AuthError { static override type: ErrorType = "InvalidProvider" }
export class JWTSessionError extends AuthError { static override type: ErrorType = "JWTSessionError" }
export class MissingAdapter extends AuthError { static override type: ErrorType = "MissingAdapter" }
export class MissingAdapterMethods extends AuthError { static override type: ErrorType = "MissingAdapterMethods" }
export class MissingAuthorize extends AuthError { static override type: ErrorType = "MissingAuthorize" }
export class MissingSecretError extends AuthError { static override type: ErrorType = "MissingSecret" }
export { MissingSecretError as MissingSecret }
export class OAuthProfileParseError extends AuthError { static override type: ErrorType = "OAuthProfileParseError" }
export class SessionTokenError extends AuthError { static override type: ErrorType = "SessionTokenError" }
export class SignOutError extends AuthError { static override type: ErrorType = "SignOutError" }
export class UnknownAction extends AuthError { static override type: ErrorType = "UnknownAction" }
export class UnsupportedStrategy extends AuthError { static override type: ErrorType = "UnsupportedStrategy" }
export class UntrustedHost extends AuthError { static override type: ErrorType = "UntrustedHost" }
export class Verification extends AuthError { static override type: ErrorType = "Verification" }
export class DuplicateConditionalUI extends AuthError { static override type: ErrorType = "DuplicateConditionalUI" }
export class MissingWebAuthnAutocomplete extends AuthError { static override type: ErrorType = "MissingWebAuthnAutocomplete" }
/**
 * Why a WebAuthn response was refused; placed in the `code` query parameter of
 * the error page. The codes describe the response, never another user's data.
 */
export type WebAuthnErrorCode =
  | "challenge_missing"
  | "challenge_mismatch"
  | "challenge_used"
  | "malformed_response"
  | "unknown_credential"
  | "credential_exists"
  | "origin"
  | "rp_id"
  | "user_verification"
  | "counter"
  | "signature"
  | "session_changed"

export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError"
  readonly code: WebAuthnErrorCode

  constructor(code: WebAuthnErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? `WebAuthn response refused: ${code}`, options)
    this.code = code
  }
}
export class ExperimentalFeatureNotEnabled extends AuthError { static override type: ErrorType = "ExperimentalFeatureNotEnabled" }

export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin"
  /**
   * Placed in the `code` query parameter of the sign-in redirect. Keep it vague:
   * it must not say which of the identifier or the password was wrong.
   */
  code: CredentialsErrorCode | (string & {}) = "credentials"
}
/**
 * Refused by a rate limit. Forms get the sign-in page with this error's
 * message; JSON and fetch callers a 429 with Retry-After.
 */
export class RateLimited extends SignInError {
  static override type: ErrorType = "RateLimited"
  constructor(readonly retryAfterSeconds: number) {
    super("Too many attempts")
  }
}
/** Credentials sign-in refused by a rate limit: code `rate_limited`, which says nothing about which credential was wrong. */
export class CredentialsRateLimited extends CredentialsSignin {
  override code = "rate_limited"
  constructor(readonly retryAfterSeconds: number) {
    super("Too many sign-in attempts")
  }
}

/**
 * Seconds a refused caller should wait, or undefined when the error is no
 * refusal of that kind: the library's rate limits, or any AuthError an app
 * throws with a numeric `retryAfterSeconds` (e.g. "server busy").
 */
export function retryAfterOf(error: AuthError): number | undefined {
  const value = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined
}
export class OAuthAccountNotLinked extends SignInError { static override type: ErrorType = "OAuthAccountNotLinked" }
export class OAuthCallbackError extends SignInError { static override type: ErrorType = "OAuthCallbackError" }
export class OAuthSignInError extends SignInError { static override type: ErrorType = "OAuthSignInError" }
/**
 * An email sign-in that could not start: `code` says why in the sign-in page's
 * `?code=` (`invalid_email`: the address was refused; `send_failed`: the mail
 * could not be sent).
 */
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError"
  code = "send_failed"
  withCode(code: "invalid_email" | "send_failed"): this {
    this.code = code
    return this
  }
}
/**
 * A state-changing POST whose Origin or Sec-Fetch-Site names another site.
 * Answered with a 403 (the error page, or JSON), never a redirect: the user's
 * browser was sent here by someone else's page.
 */
export class CrossSiteRequest extends AuthError { static override type: ErrorType = "CrossSiteRequest" }
export class MissingCSRF extends SignInError { static override type: ErrorType = "MissingCSRF" }
export class AccountNotLinked extends SignInError { static override type: ErrorType = "AccountNotLinked" }

/** Types whose name may be shown to the user; anything else is reported as "Configuration". */
const clientSafeTypes = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "EmailSignInError",
  "InvalidCheck",
  "OAuthSignInError",
  "Verification",
  "MissingCSRF",
  "CrossSiteRequest",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  "RateLimited",
  "DatabaseUnavailable",
])

export function isClientSafeErrorType(type: ErrorType): boolean {
  return clientSafeTypes.has(type)
}

export function isSignInError(error: AuthError): boolean {
  return error.kind === "signIn"
}

/** The error type a client is told about: the type itself when client-safe, else "Configuration". */
export function reportedErrorType(error: AuthError): ReportedErrorType {
  return isClientSafeErrorType(error.type) ? error.type : "Configuration"
}

export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError
}
