/**
 * The WebAuthn challenge cookie (`authjs.challenge`): an encrypted token
 * holding the challenge and what it was issued for (provider, action, user),
 * so a challenge fetched for one ceremony or one user cannot be spent on
 * another. It lives 15 minutes, as Auth.js's does, when a challenge store
 * makes each challenge single-use everywhere; without one it lives only as
 * long as the ceremony may take, since until it expires a captured response
 * can be replayed on another instance. The cookie alone does not make a
 * challenge single-use; see ./challenge-replay.
 */
import type { AuthContext } from "../context"
import type { Cookie } from "../types"
import { isWebAuthnAction, type WebAuthnAction } from "./action"

export const CHALLENGE_MAX_AGE = 15 * 60

// What a ceremony may take when the provider names no timeout (the WebAuthn provider's default),
// and the time to post the answer after the browser's prompt closes.
const DEFAULT_CEREMONY_MS = 5 * 60 * 1000
const POST_SLACK_SECONDS = 60

/**
 * The cookie's life in seconds: CHALLENGE_MAX_AGE with a challenge store; without one, the
 * ceremony's timeout plus a minute (6 minutes for the WebAuthn and Passkey providers), never more
 * than CHALLENGE_MAX_AGE.
 */
export function challengeMaxAge(hasStore: boolean, ceremonyTimeoutMs: number | undefined): number {
  if (hasStore) return CHALLENGE_MAX_AGE
  const timeout = ceremonyTimeoutMs !== undefined && ceremonyTimeoutMs > 0 ? ceremonyTimeoutMs : DEFAULT_CEREMONY_MS
  return Math.min(CHALLENGE_MAX_AGE, Math.ceil(timeout / 1000) + POST_SLACK_SECONDS)
}

export interface ChallengeClaims {
  challenge: string
  action: WebAuthnAction
  provider: string
  /** authenticate: the user the options listed credentials for; register: the signed-in user adding a passkey. */
  userId?: string
  /** register: the email of the account a sign-up will create. */
  email?: string
  /** register: the display name given for that account, if any. */
  name?: string
}

export interface IssuedChallenge extends ChallengeClaims {
  /** When the cookie stops being accepted. */
  expires: Date
}

/** The cookie for `claims`, living `maxAge` seconds (challengeMaxAge); its token expires with it. */
export async function challengeCookie(ctx: AuthContext, claims: ChallengeClaims, maxAge: number): Promise<Cookie> {
  const { name, options } = ctx.cookies.webauthnChallenge
  const value = await ctx.config.keyRing.encode({ ...claims }, name, maxAge)
  return { name, value, options: { ...options, maxAge } }
}

export function clearChallengeCookie(ctx: AuthContext): Cookie {
  const { name, options } = ctx.cookies.webauthnChallenge
  return { name, value: "", options: { ...options, maxAge: 0 } }
}

/** The challenge this browser was given, or null when the cookie is missing, expired or forged. */
export async function readChallengeCookie(ctx: AuthContext): Promise<IssuedChallenge | null> {
  const cookieName = ctx.cookies.webauthnChallenge.name
  const value = ctx.request.cookies[cookieName]
  if (!value) return null
  let claims: Record<string, unknown>
  try {
    claims = await ctx.config.keyRing.decode(value, cookieName)
  } catch {
    return null
  }
  const { challenge, action, provider, userId, email, name, exp } = claims
  if (typeof challenge !== "string" || !isWebAuthnAction(action) || typeof provider !== "string") return null
  if (typeof exp !== "number") return null
  return {
    challenge,
    action,
    provider,
    userId: typeof userId === "string" ? userId : undefined,
    email: typeof email === "string" ? email : undefined,
    name: typeof name === "string" ? name : undefined,
    expires: new Date(exp * 1000),
  }
}
