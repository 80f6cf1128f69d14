/**
 * Which answers prove who a signed-in user is on {basePath}/reauthenticate:
 * the same strength as their sign-in (OWASP ASVS 5.0 6.3.4). Without
 * two-factor, the password. With two-factor, the second factor always: the
 * password and a code (authenticator or recovery) on one form, or the code
 * alone for a user who has no password (their sign-in is a provider account
 * and the code; the provider cannot be asked here). The password alone never
 * proves a two-factor user, nor does the code alone prove one who has a
 * password. The passkey and the email link are not tried here: they sign in
 * afresh, second step included (two-factor/second-step.ts).
 */
import type { SecurityEventMethod } from "../security-log/types"
import type { ReauthenticateErrorCode } from "../pages"

/** What the user has, as far as this endpoint checks. */
export interface ReauthenticationWays {
  /** A password the credentials provider can check (CredentialsConfig.hasPassword). */
  password: boolean
  /** Two-factor is on. */
  twoFactor: boolean
}

/** One accepted shape of answer, with what it needs checked. */
export type ReauthenticationTry = { ok: true; kind: "password" | "password-and-code" | "code" }

/** A try refused before anything is checked: which error the page shows, what the log says. */
export interface ReauthenticationRefused {
  ok: false
  error: ReauthenticateErrorCode
  /** The way the form named, for the log; null for none. */
  method: SecurityEventMethod | null
  detail: string
}

const filled = (value: unknown): boolean => typeof value === "string" && value.trim() !== ""

/** What a typed code looks like: six digits are an authenticator code, anything else a recovery code. */
export function codeKind(code: unknown): "totp" | "recovery-code" {
  return typeof code === "string" && /^\s*\d{3}\s*\d{3}\s*$/.test(code) ? "totp" : "recovery-code"
}

/**
 * What a POST asks to be checked: `method=password` (with `code` when the
 * user has two-factor on) or `method=code`; or why it is refused as it stands.
 */
export function reauthenticationTry(body: Record<string, unknown>, ways: ReauthenticationWays): ReauthenticationTry | ReauthenticationRefused {
  if (body.method === "password") {
    if (!ways.password) return { ok: false, error: "unavailable_method", method: "password", detail: "no password on this account" }
    if (!ways.twoFactor) return { ok: true, kind: "password" }
    // Checked before the password, so a try without the second factor tells nothing about it.
    if (!filled(body.code)) return { ok: false, error: "missing_code", method: "password", detail: "no code with the password" }
    return { ok: true, kind: "password-and-code" }
  }
  if (body.method === "code") {
    const method = codeKind(body.code)
    if (!ways.twoFactor) return { ok: false, error: "unavailable_method", method, detail: "two-factor is off" }
    if (ways.password) return { ok: false, error: "unavailable_method", method, detail: "a code without the password" }
    return { ok: true, kind: "code" }
  }
  return { ok: false, error: "unavailable_method", method: null, detail: "no such way to confirm" }
}
