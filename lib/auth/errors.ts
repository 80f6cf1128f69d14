/**
 * Typed errors, one class per error kind, and the codes they carry.
 *
 * Every error has two names, each static on its class (as jose does) and on
 * the instance:
 * - `type` names the kind: the class's Auth.js name, in logs, in the
 *   `X-Auth-Error` header and in the `?error=` query of the sign-in and error
 *   pages (unchanged from Auth.js v5, so custom pages keep working);
 * - `code` is the stable machine code callers switch on (snake_case, the
 *   union AuthErrorCode). Three kinds narrow it per instance to say why:
 *   CredentialsSignin (`credentials`, `rate_limited`… and codes of the app's
 *   own, as in Auth.js), EmailSignInError and WebAuthnVerificationError; those
 *   codes travel in the pages' `?code=`.
 * `kind` says which page an error sends the user to. Nothing here decides what
 * the user is shown: that is the error boundary in auth.ts.
 */

/** The kinds of error (`error.type`, the `?error=` of the pages). */
export type ErrorType =
  | "AccessDenied"
  | "AccountSuspended"
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
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InvalidEnvironmentVariable"
  | "InvalidProvider"
  | "InvalidTwoFactorCode"
  | "MailDeliveryError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthSignInError"
  | "ProviderUnavailable"
  | "RateLimitStoreError"
  | "ReauthenticationRequired"
  | "RefreshTokenError"
  | "SignOutError"
  | "TwoFactorSignInError"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError"
  | "PermissionDenied"
  | "ImpersonationRefused"
  | "OrganizationError"
  | "SsoError"

/** Types whose name may be shown to the user; anything else is reported as "Configuration". */
const CLIENT_SAFE_TYPES = [
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
  "DatabaseUnavailable",
  "TwoFactorSignInError",
  "ReauthenticationRequired",
  "AccountSuspended",
  "PermissionDenied",
  "ImpersonationRefused",
  "OrganizationError",
  "ProviderUnavailable",
  "SsoError",
] as const satisfies readonly ErrorType[]

export type ClientSafeErrorType = (typeof CLIENT_SAFE_TYPES)[number]

/**
 * What a response may report as its error (the `?error=` the library puts in
 * a URL, the `X-Auth-Error` header, `error` in JSON bodies and in the
 * client's sign-in result): a client-safe type, or "Configuration" for the rest.
 */
export type ReportedErrorType = ClientSafeErrorType | "Configuration"

/**
 * On `X-Auth-Return-Redirect` answers: present when the returned URL reports a
 * failure, with its error type. A client cannot tell that from the URL alone:
 * a successful sign-in returns the callback URL, which may itself carry an
 * `?error=` (e.g. a custom sign-in page reached with ?error=SessionRequired).
 */
export const ERROR_HEADER = "X-Auth-Error"

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

/** Why an email sign-in could not start (`?code=`): the address was refused, or the mail could not be sent. */
export type EmailSignInErrorCode = "invalid_email" | "send_failed"

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

/**
 * Why a pending two-factor sign-in ended (`?code=` on the sign-in page): it
 * expired or was never started (`two_factor_expired`), or too many wrong
 * codes voided it (`two_factor_rate_limited`). Either way the user starts over.
 * `two_factor_unavailable`: the user has a second factor that this site's adapter cannot check
 * (it was switched to one without the two-factor methods), so no sign-in of theirs can finish.
 */
/**
 * Why an organization operation was refused. `organization_not_found` is also what a
 * non-member gets for an organization that exists: nothing tells them it does.
 */
export type OrganizationErrorCode =
  | "organization_not_found"
  | "organization_forbidden"
  | "invalid_slug"
  | "slug_taken"
  | "invalid_organization_name"
  | "invalid_role"
  | "last_owner"
  | "own_role"
  | "member_not_found"
  | "member_limit"
  | "already_member"
  | "invitation_invalid"
  | "invitation_wrong_address"
  | "invitation_unverified_address"
  | "invitation_rate_limited"
  | "no_active_session"
  | "team_not_found"
  | "team_name_taken"
  | "invalid_team_name"
  | "already_in_team"

/**
 * Why single sign-on refused (`?code=` on the sign-in page for a sign-in, `error.code` for a
 * settings change). A sign-in code says what was wrong with the answer, never whose account it is.
 */
export type SsoErrorCode =
  | "sso_disabled"
  | "sso_forbidden"
  | "sso_connection_not_found"
  | "sso_invalid_connection"
  | "sso_no_connection"
  | "sso_invalid_domain"
  | "sso_domain_exists"
  | "sso_domain_not_found"
  | "sso_domain_claimed"
  | "sso_dns_record_missing"
  | "sso_dns_record_mismatch"
  | "sso_dns_failed"
  | "sso_response_invalid"
  | "sso_signature_invalid"
  | "sso_assertion_replayed"
  | "sso_assertion_expired"
  | "sso_audience_mismatch"
  | "sso_request_mismatch"
  | "sso_idp_initiated_disabled"
  | "sso_encryption_unsupported"
  | "sso_email_missing"
  | "sso_domain_unverified"
  | "sso_oidc_failed"
  | "sso_required"

export type TwoFactorSignInErrorCode = "two_factor_expired" | "two_factor_rate_limited" | "two_factor_unavailable"

/** Every code the library's errors carry (`error.code`, and each class's static `code`). */
export type AuthErrorCode =
  | "access_denied"
  | "account_suspended"
  | "permission_denied"
  | "impersonation_refused"
  | "account_not_linked"
  | "adapter_error"
  | "bad_request"
  | "base_path_mismatch"
  | "callback_route_error"
  | "cross_site_request"
  | "database_unavailable"
  | "duplicate_conditional_ui"
  | "event_error"
  | "experimental_feature_not_enabled"
  | "invalid_check"
  | "invalid_endpoints"
  | "invalid_environment_variable"
  | "invalid_provider"
  | "invalid_provider_issuer"
  | "invalid_two_factor_code"
  | "mail_delivery_failed"
  | "missing_adapter"
  | "missing_adapter_methods"
  | "missing_authorize"
  | "missing_csrf"
  | "missing_secret"
  | "missing_webauthn_autocomplete"
  | "oauth_account_not_linked"
  | "oauth_callback_error"
  | "oauth_sign_in_error"
  | ProviderUnavailableCode
  | "rate_limit_store_error"
  | "reauthentication_required"
  | "refresh_token_error"
  | "sign_out_error"
  | "unsupported_strategy"
  | "two_factor_unsupported"
  | "organizations_unsupported"
  | OrganizationErrorCode
  | SsoErrorCode
  | "untrusted_host"
  | "verification"
  | "webauthn_verification_error"
  | CredentialsErrorCode
  | EmailSignInErrorCode
  | WebAuthnErrorCode
  | TwoFactorSignInErrorCode

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
const AUTH_ERROR_BRAND = Symbol.for("auth.error-brand")

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
  static code: AuthErrorCode = "callback_route_error"
  static kind: ErrorKind = "error"
  type: ErrorType
  /**
   * The class's static code, or a narrower one the instance was given.
   * `string & {}`: a CredentialsSignin of the app's may carry a code of its
   * own, as in Auth.js.
   */
  code: AuthErrorCode | (string & {})
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
    this.code = (new.target as typeof AuthError).code
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
  static override code: AuthErrorCode = "bad_request"
  constructor(
    readonly status: 400 | 404 | 405 | 413 | 415,
    message = "Bad request.",
  ) {
    super(message)
  }
}

export class AccessDenied extends AuthError {
  static override type: ErrorType = "AccessDenied"
  static override code: AuthErrorCode = "access_denied"
}
export class AdapterError extends AuthError {
  static override type: ErrorType = "AdapterError"
  static override code: AuthErrorCode = "adapter_error"
}
/**
 * The database (or whatever the adapter talks to) cannot be reached: refused,
 * reset or timed-out connections, a server shutting down, an exhausted pool.
 * Thrown by an adapter, which alone can tell an outage from its other
 * failures. Not the user's fault and not a configuration error: answered with
 * 503 and Retry-After, and never read as "signed out".
 */
export class DatabaseUnavailable extends AdapterError {
  static override type: ErrorType = "DatabaseUnavailable"
  static override code: AuthErrorCode = "database_unavailable"
  declare code: "database_unavailable"
  /** How long a client is asked to wait (the Retry-After of the 503). */
  readonly retryAfterSeconds = 5
}
/** The rate limiter's store failed; the request was let through. */
export class RateLimitStoreError extends AuthError {
  static override type: ErrorType = "RateLimitStoreError"
  static override code: AuthErrorCode = "rate_limit_store_error"
}
export class CallbackRouteError extends AuthError {
  static override type: ErrorType = "CallbackRouteError"
  static override code: AuthErrorCode = "callback_route_error"
}
export class EventError extends AuthError {
  static override type: ErrorType = "EventError"
  static override code: AuthErrorCode = "event_error"
}
export class InvalidCheck extends AuthError {
  static override type: ErrorType = "InvalidCheck"
  static override code: AuthErrorCode = "invalid_check"
}
export class InvalidEndpoints extends AuthError {
  static override type: ErrorType = "InvalidEndpoints"
  static override code: AuthErrorCode = "invalid_endpoints"
}
/**
 * Two places name where the auth routes live and disagree: the path of
 * AUTH_URL (or `basePath`) and where a framework mounted them. Refused
 * rather than answering 400 on every route; the message names both paths.
 */
export class BasePathMismatch extends AuthError {
  static override type: ErrorType = "BasePathMismatch"
  static override code: AuthErrorCode = "base_path_mismatch"
}
/**
 * An environment variable that is set but cannot be used (e.g. AUTH_URL
 * without a scheme). `variable` names it; the message shows a correct value.
 */
export class InvalidEnvironmentVariable extends AuthError {
  static override type: ErrorType = "InvalidEnvironmentVariable"
  static override code: AuthErrorCode = "invalid_environment_variable"
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message)
  }
}
export class InvalidProvider extends AuthError {
  static override type: ErrorType = "InvalidProvider"
  static override code: AuthErrorCode = "invalid_provider"
}
/**
 * A provider's authorization server named itself (the RFC 9207 `iss` of its
 * authorization response) and the provider's configuration cannot be checked
 * against it: no `issuer` is configured, or the configured one is evidently a
 * misspelling of the one the server sends. A fault of the configuration, not
 * of the user or an attacker, so it is reported as one (the error page's
 * "Configuration") and its message names the provider and the option to set.
 */
export class InvalidProviderIssuer extends InvalidProvider {
  static override code: AuthErrorCode = "invalid_provider_issuer"
  /** The option to set on the provider. */
  readonly option = "issuer"
  constructor(
    readonly providerId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
export class MissingAdapter extends AuthError {
  static override type: ErrorType = "MissingAdapter"
  static override code: AuthErrorCode = "missing_adapter"
}
export class MissingAdapterMethods extends AuthError {
  static override type: ErrorType = "MissingAdapterMethods"
  static override code: AuthErrorCode = "missing_adapter_methods"
}
/**
 * Two-factor is required (`twoFactor.required`) but the adapter cannot store
 * second factors: a configuration error naming the missing methods.
 */
export class TwoFactorUnsupported extends MissingAdapterMethods {
  static override code: AuthErrorCode = "two_factor_unsupported"
}
/** A TOTP code refused while turning two-factor on: wrong, expired, or already used. */
export class InvalidTwoFactorCode extends AuthError {
  static override type: ErrorType = "InvalidTwoFactorCode"
  static override code: AuthErrorCode = "invalid_two_factor_code"
}
export class MissingAuthorize extends AuthError {
  static override type: ErrorType = "MissingAuthorize"
  static override code: AuthErrorCode = "missing_authorize"
}
export class MissingSecretError extends AuthError {
  static override type: ErrorType = "MissingSecret"
  static override code: AuthErrorCode = "missing_secret"
}
/** A provider's access token could not be refreshed (logged; the caller gets `error: "RefreshTokenError"`). */
export class RefreshTokenError extends AuthError {
  static override type: ErrorType = "RefreshTokenError"
  static override code: AuthErrorCode = "refresh_token_error"
}
export class SignOutError extends AuthError {
  static override type: ErrorType = "SignOutError"
  static override code: AuthErrorCode = "sign_out_error"
}
export class UnsupportedStrategy extends AuthError {
  static override type: ErrorType = "UnsupportedStrategy"
  static override code: AuthErrorCode = "unsupported_strategy"
}
export class UntrustedHost extends AuthError {
  static override type: ErrorType = "UntrustedHost"
  static override code: AuthErrorCode = "untrusted_host"
}
export class Verification extends AuthError {
  static override type: ErrorType = "Verification"
  static override code: AuthErrorCode = "verification"
}
export class DuplicateConditionalUI extends AuthError {
  static override type: ErrorType = "DuplicateConditionalUI"
  static override code: AuthErrorCode = "duplicate_conditional_ui"
}
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type: ErrorType = "MissingWebAuthnAutocomplete"
  static override code: AuthErrorCode = "missing_webauthn_autocomplete"
}

/** A WebAuthn response refused; `code` (a WebAuthnErrorCode) says why. */
export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError"
  /** The kind's code; every instance carries the narrower one that says why. */
  static override code: AuthErrorCode = "webauthn_verification_error"
  declare code: WebAuthnErrorCode

  constructor(code: WebAuthnErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? `WebAuthn response refused: ${code}`, options)
    this.code = code
  }
}
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type: ErrorType = "ExperimentalFeatureNotEnabled"
  static override code: AuthErrorCode = "experimental_feature_not_enabled"
}

export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin"
  /**
   * Placed in the `code` query parameter of the sign-in redirect. Keep it vague:
   * it must not say which of the identifier or the password was wrong.
   */
  static override code: AuthErrorCode = "credentials"
  declare code: CredentialsErrorCode | (string & {})
}
/** Credentials sign-in refused by a rate limit: code `rate_limited`, which says nothing about which credential was wrong. */
export class CredentialsRateLimited extends CredentialsSignin {
  static override code: AuthErrorCode = "rate_limited"
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
export class OAuthAccountNotLinked extends SignInError {
  static override type: ErrorType = "OAuthAccountNotLinked"
  static override code: AuthErrorCode = "oauth_account_not_linked"
}
export class OAuthCallbackError extends SignInError {
  static override type: ErrorType = "OAuthCallbackError"
  static override code: AuthErrorCode = "oauth_callback_error"
}
export class OAuthSignInError extends SignInError {
  static override type: ErrorType = "OAuthSignInError"
  static override code: AuthErrorCode = "oauth_sign_in_error"
}
/**
 * An email sign-in that could not start: `code` says why in the sign-in page's
 * `?code=` (`invalid_email`: the address was refused; `send_failed`: the mail
 * could not be sent).
 */
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError"
  static override code: AuthErrorCode = "send_failed"
  declare code: EmailSignInErrorCode
  withCode(code: EmailSignInErrorCode): this {
    this.code = code
    return this
  }
}
/** What a mail service's answer (or its silence) meant; see MailDeliveryError. */
export type MailDeliveryReason =
  /** 401: the API key is missing, wrong or revoked. */
  | "unauthorized"
  /** 403: the key may not send this mail (sender or domain not verified, key without send permission). */
  | "forbidden"
  /** 400, 404, 413, 422: the service refused the request as malformed or impossible. */
  | "invalid"
  /** 429: the service's rate limit or quota was hit. */
  | "rate_limited"
  /** 5xx: the service failed. */
  | "unavailable"
  /** No answer: connection refused, DNS, TLS or the timeout. */
  | "unreachable"
  /** Any other answer. */
  | "unexpected"

/**
 * A mail service's HTTP API (Resend, Postmark, SendGrid, Mailgun) did not
 * accept a mail. `reason` says what went wrong, `status` and `detail` are the
 * service's own answer (never the API key). The email sign-in wraps it in
 * EmailSignInError(`send_failed`); the app's own mails surface it to the form.
 */
export class MailDeliveryError extends AuthError {
  static override type: ErrorType = "MailDeliveryError"
  static override code: AuthErrorCode = "mail_delivery_failed"
  declare code: "mail_delivery_failed"

  constructor(
    readonly service: string,
    readonly reason: MailDeliveryReason,
    readonly status: number | undefined,
    readonly detail: string,
    /** From a 429's Retry-After, when the service sent one. */
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown },
  ) {
    super(`${service}: ${MAIL_REASON_TEXT[reason]}${status ? ` (HTTP ${status})` : ""}${detail ? `: ${detail}` : ""}`, options)
  }
}

const MAIL_REASON_TEXT: Record<MailDeliveryReason, string> = {
  unauthorized: "the API key was refused",
  forbidden: "the service will not send this mail with this key (is the sender address or domain verified, and may the key send?)",
  invalid: "the mail was refused as invalid",
  rate_limited: "rate limit or sending quota reached",
  unavailable: "the mail service failed",
  unreachable: "the mail service could not be reached",
  unexpected: "the mail service gave an unexpected answer",
}

/**
 * A state-changing POST whose Origin or Sec-Fetch-Site names another site.
 * Answered with a 403 (the error page, or JSON), never a redirect: the user's
 * browser was sent here by someone else's page.
 */
export class CrossSiteRequest extends AuthError {
  static override type: ErrorType = "CrossSiteRequest"
  static override code: AuthErrorCode = "cross_site_request"
}
export class MissingCSRF extends SignInError {
  static override type: ErrorType = "MissingCSRF"
  static override code: AuthErrorCode = "missing_csrf"
}
/** A pending two-factor sign-in that is gone: `code` says why; the user signs in again. */
export class TwoFactorSignInError extends SignInError {
  static override type: ErrorType = "TwoFactorSignInError"
  static override code: AuthErrorCode = "two_factor_expired"
  declare code: TwoFactorSignInErrorCode

  constructor(code: TwoFactorSignInErrorCode, message?: string) {
    super(message ?? `The two-factor sign-in ended: ${code}`)
    this.code = code
  }
}
/**
 * A signed-in user tried to add a way into their account (register a
 * passkey, link another provider's account) with a session whose last proof
 * of identity is older than `reauthenticateAfter` (step-up, OWASP ASVS 5.0
 * 7.5.1). Nothing was changed. It sends the user to the re-authenticate page
 * with `callbackUrl`, where they confirm it is them and then try again.
 */
export class ReauthenticationRequired extends AuthError {
  static override type: ErrorType = "ReauthenticationRequired"
  static override code: AuthErrorCode = "reauthentication_required"
  declare code: "reauthentication_required"

  constructor(
    /** Where the re-authenticate page returns to (already checked against the origin). */
    readonly callbackUrl: string,
    message = "A recent proof of identity is required",
  ) {
    super(message)
  }
}
/**
 * A banned user tried a way in. `until` is when the ban ends by itself (null:
 * permanent); the admin's reason is never part of it. The sign-in page says the account is
 * suspended, and until when.
 */
export class AccountSuspended extends SignInError {
  static override type: ErrorType = "AccountSuspended"
  static override code: AuthErrorCode = "account_suspended"
  declare code: "account_suspended"

  constructor(
    readonly until: Date | null,
    message = "The account is suspended",
  ) {
    super(message)
  }
}
/**
 * A signed-in caller asked for something their roles do not grant (an admin operation), or
 * with a proof of identity too old for it (`reason: "stale_proof"`). Nothing was changed.
 */
export class PermissionDenied extends AuthError {
  static override type: ErrorType = "PermissionDenied"
  static override code: AuthErrorCode = "permission_denied"
  declare code: "permission_denied"

  constructor(
    readonly reason: "signed_out" | "forbidden" | "stale_proof" | "impersonating",
    message = `Permission denied: ${reason}`,
  ) {
    super(message)
  }
}
/** An impersonation that may not start (the target is an admin, or is the admin) or a change refused while impersonating. */
export class ImpersonationRefused extends AuthError {
  static override type: ErrorType = "ImpersonationRefused"
  static override code: AuthErrorCode = "impersonation_refused"
}
export class AccountNotLinked extends SignInError {
  static override type: ErrorType = "AccountNotLinked"
  static override code: AuthErrorCode = "account_not_linked"
}

function isClientSafeErrorType(type: ErrorType): type is ClientSafeErrorType {
  return (CLIENT_SAFE_TYPES as readonly ErrorType[]).includes(type)
}

/** The error type a client is told about: the type itself when client-safe, else "Configuration". */
export function reportedErrorType(error: AuthError): ReportedErrorType {
  return isClientSafeErrorType(error.type) ? error.type : "Configuration"
}

/**
 * Why a provider's sign-in is off (`?code=` on the error page): variables it
 * needs are unset (`provider_credentials_missing`), or its configuration is
 * wrong in another way (`provider_misconfigured`). The code never names the
 * variables; the server log does.
 */
export type ProviderUnavailableCode = "provider_credentials_missing" | "provider_misconfigured"

/**
 * A sign-in route of one provider that cannot be used. Only that provider's
 * sign-in and callback routes answer with it; sessions, sign-out and the
 * other providers go on. `variables` lists the unset ones, when that is why.
 */
export class ProviderUnavailable extends AuthError {
  static override type: ErrorType = "ProviderUnavailable"
  static override code: AuthErrorCode = "provider_credentials_missing"
  declare code: ProviderUnavailableCode

  constructor(
    readonly providerId: string,
    code: ProviderUnavailableCode,
    message: string,
    readonly variables: readonly string[] = [],
  ) {
    super(message)
    this.code = code
  }
}

/** An organization operation was refused; `code` says why. Nothing was changed. */
export class OrganizationError extends AuthError {
  static override type: ErrorType = "OrganizationError"
  static override code: AuthErrorCode = "organization_forbidden"
  declare code: OrganizationErrorCode

  constructor(code: OrganizationErrorCode, message: string = code) {
    super(message)
    this.code = code
  }
}
/** A configuration turns organizations on with an adapter that lacks their methods: a configuration error naming them. */
export class OrganizationsUnsupported extends MissingAdapterMethods {
  static override code: AuthErrorCode = "organizations_unsupported"
}

/**
 * Single sign-on refused; `code` says why. A sign-in refusal sends the user to the sign-in page
 * with the code; a settings change throws it to the caller with nothing changed.
 */
export class SsoError extends SignInError {
  static override type: ErrorType = "SsoError"
  static override code: AuthErrorCode = "sso_response_invalid"
  declare code: SsoErrorCode

  constructor(code: SsoErrorCode, message: string = code, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
