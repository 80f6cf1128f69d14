/**
 * Typed errors, one class per error kind. `type` names the kind in logs and in
 * the `?error=` query of the sign-in and error pages (same names as Auth.js v5
 * so custom pages keep working).
 */

export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AdapterError"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
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
  | "SessionTokenError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError"

export interface AuthErrorCause extends Record<string, unknown> {
  err?: Error
}

export class AuthError extends Error {
  static type: ErrorType = "CallbackRouteError"
  type: ErrorType
  override cause?: AuthErrorCause

  constructor(message?: string | Error | AuthErrorCause, options?: { cause?: unknown }) {
    if (message instanceof Error) {
      super(message.message, { cause: { err: message, ...(message.cause as object | undefined) } })
    } else if (typeof message === "string") {
      super(message, options)
    } else {
      super(undefined, message === undefined ? options : { cause: message })
    }
    this.name = new.target.name
    this.type = (new.target as typeof AuthError).type
    // `cause` set through super() is typed unknown; normalise it to the record shape.
    const cause = (this as { cause?: unknown }).cause
    if (cause !== undefined && !(typeof cause === "object" && cause !== null && !(cause instanceof Error))) {
      this.cause = { err: cause instanceof Error ? cause : new Error(String(cause)) }
    }
  }
}

/** Errors that send the user back to the sign-in page rather than the error page. */
export class SignInError extends AuthError {
  static kind = "signIn" as const
}

export class AccessDenied extends AuthError { static override type: ErrorType = "AccessDenied" }
export class AdapterError extends AuthError { static override type: ErrorType = "AdapterError" }
export class CallbackRouteError extends AuthError { static override type: ErrorType = "CallbackRouteError" }
export class ErrorPageLoop extends AuthError { static override type: ErrorType = "ErrorPageLoop" }
export class EventError extends AuthError { static override type: ErrorType = "EventError" }
export class InvalidCallbackUrl extends AuthError { static override type: ErrorType = "InvalidCallbackUrl" }
export class InvalidCheck extends AuthError { static override type: ErrorType = "InvalidCheck" }
export class InvalidEndpoints extends AuthError { static override type: ErrorType = "InvalidEndpoints" }
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
  code = "credentials"
}
export class OAuthAccountNotLinked extends SignInError { static override type: ErrorType = "OAuthAccountNotLinked" }
export class OAuthCallbackError extends SignInError { static override type: ErrorType = "OAuthCallbackError" }
export class OAuthSignInError extends SignInError { static override type: ErrorType = "OAuthSignInError" }
export class EmailSignInError extends SignInError { static override type: ErrorType = "EmailSignInError" }
export class MissingCSRF extends SignInError { static override type: ErrorType = "MissingCSRF" }
export class AccountNotLinked extends SignInError { static override type: ErrorType = "AccountNotLinked" }

/** Types whose name may be shown to the user; anything else is reported as "Configuration". */
const clientSafeTypes = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
])

export function isClientSafeErrorType(type: ErrorType): boolean {
  return clientSafeTypes.has(type)
}

export function isSignInError(error: AuthError): boolean {
  return error instanceof SignInError
}

export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError
}
