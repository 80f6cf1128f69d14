/**
 * Time-based one-time passwords (RFC 6238) in the one configuration every
 * authenticator app understands: HMAC-SHA-1, 6 digits, 30-second steps. The
 * `otpauth` package does the HOTP arithmetic; this module fixes the
 * parameters and the input rules around it.
 *
 * Pure functions: accepting a code here does not consume it. The caller
 * passes the returned step to the adapter's `useTotpStep`, which accepts only
 * a step later than the last one used — that is what stops a replay.
 */
import { Secret, TOTP } from "otpauth"

export const TOTP_ALGORITHM = "SHA1"
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Steps either side of now that are still accepted: clock drift and the seconds it takes to type. */
export const TOTP_WINDOW = 1

/** 160 bits, the HMAC-SHA-1 output size RFC 4226 (section 4, R6) recommends for the shared secret. */
const SECRET_BYTES = 20

const CODE_PATTERN = /^\d{6}$/

/** A fresh random secret, base32 (the form authenticator apps and `otpauth://` URIs use). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32
}

export interface TotpUriParams {
  /** The base32 secret from newTotpSecret. */
  secret: string
  /** Who the account is with, as the authenticator app lists it (e.g. the site's name). */
  issuer: string
  /** Which account it is (e.g. the user's email address). */
  accountName: string
}

/**
 * The `otpauth://totp/…` URI an authenticator app imports (shown as a QR code,
 * or as text). Colons are left out of both names: the label is
 * "issuer:account", and apps split it at the first colon whether or not it
 * was percent-encoded.
 */
export function totpUri({ secret, issuer, accountName }: TotpUriParams): string {
  return totp(secret, { issuer: withoutColons(issuer), label: withoutColons(accountName) }).toString()
}

function withoutColons(name: string): string {
  return name.replace(/\s*:\s*/g, " ").trim()
}

/** The 30-second step `now` falls in (Unix time / 30, rounded down). */
export function totpStep(now: Date | number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: millis(now) })
}

/**
 * The step `code` is valid for, within one step of `now`; null when it is
 * none of them. Spaces in the code are ignored (apps show "123 456"); any
 * other character than six digits refuses it before any HMAC is computed.
 * Throws for a secret that is not base32 (a corrupt record, not user input).
 */
export function verifyTotp(code: string, secret: string, now: Date | number): number | null {
  const token = code.replace(/\s+/g, "")
  // Also keeps multi-byte characters away from otpauth's byte-wise comparison, which throws on a length mismatch.
  if (!CODE_PATTERN.test(token)) return null
  const timestamp = millis(now)
  const delta = totp(secret).validate({ token, timestamp, window: TOTP_WINDOW })
  return delta === null ? null : totpStep(timestamp) + delta
}

function totp(secret: string, names: { issuer?: string; label?: string } = {}): TOTP {
  return new TOTP({
    ...names,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  })
}

function millis(now: Date | number): number {
  const value = typeof now === "number" ? now : now.getTime()
  if (!Number.isFinite(value)) throw new TypeError("now must be a valid time")
  return value
}
