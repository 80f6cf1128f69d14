/**
 * Which ceremony a GET /webauthn-options request gets (Auth.js's inference
 * table): an explicit "authenticate" always; an explicit "register" only for
 * a signed-in user adding a passkey or a new email signing up; no action:
 * authenticate unless the email is new, and nothing for a signed-in user.
 */
export type WebAuthnAction = "register" | "authenticate"

export function isWebAuthnAction(value: unknown): value is WebAuthnAction {
  return value === "register" || value === "authenticate"
}

export interface InferenceInput {
  requested?: WebAuthnAction
  loggedIn: boolean
  /** A user is known: the signed-in one, or an email was given. */
  hasUser: boolean
  /** That user already has an account. */
  exists: boolean
}

export function inferWebAuthnAction({ requested, loggedIn, hasUser, exists }: InferenceInput): WebAuthnAction | null {
  if (requested === "authenticate") return "authenticate"
  if (requested === "register") return hasUser && loggedIn === exists ? "register" : null
  if (loggedIn) return null
  return hasUser && !exists ? "register" : "authenticate"
}
