/**
 * Re-authentication in the security log: every attempt to confirm who one
 * is again while signed in, successful or not, with the way it was tried.
 * The re-authenticate endpoint writes its own (password, password and code,
 * code); a passkey or an email link re-authenticates by signing in again on
 * a browser that already holds the user's session, so the sign-in entries
 * ask `isReauthentication` and are written as re-authentications instead.
 * Nothing here throws.
 */
import type { AuthContext } from "../context"
import { recordSecurityEvent } from "./record"
import type { SecurityEventMethod, SecurityEventOutcome } from "./types"

/**
 * The user whose live session this request carries; null when none, or when
 * it cannot be read (an outage, a revoked token): the entry is then written
 * as the sign-in it also is, never lost.
 */
export async function signedInUserOf(ctx: AuthContext): Promise<string | null> {
  try {
    return (await ctx.config.sessionStrategy.signedIn(ctx))?.userId ?? null
  } catch {
    return null
  }
}

/**
 * Whether a sign-in (or a refused one) of `userId` is made from a browser
 * that is signed in as that same user already: a fresh proof of identity on
 * a live session, which is what re-authentication is. Read before the new
 * session replaces the old one.
 */
export async function isReauthentication(ctx: AuthContext, userId: string | null | undefined): Promise<boolean> {
  if (!ctx.config.securityLog.store || typeof userId !== "string" || userId === "") return false
  return (await signedInUserOf(ctx)) === userId
}

export interface ReauthenticationAttempt {
  userId: string
  outcome: SecurityEventOutcome
  /** Null when the try named no way at all. */
  method: SecurityEventMethod | null
  provider?: string | null
  /** How the second factor was given, or why it was refused, in plain words; never what was typed. */
  detail?: string | null
}

/** One re-authentication attempt in the user's log. */
export async function recordReauthentication(ctx: AuthContext, attempt: ReauthenticationAttempt): Promise<void> {
  await recordSecurityEvent(ctx.config, ctx.request.request, {
    userId: attempt.userId,
    type: "reauthenticated",
    outcome: attempt.outcome,
    method: attempt.method,
    provider: attempt.provider ?? null,
    detail: attempt.detail ?? null,
  })
}
