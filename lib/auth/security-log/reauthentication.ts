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
import type { ProviderType } from "../types"
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

/** The first factors the re-authenticate page sends through a sign-in flow: a passkey and an email link. */
const REAUTHENTICATING_TYPES: ReadonlySet<ProviderType> = new Set(["webauthn", "email"])

/**
 * Whether a sign-in (or a refused one, or its second step) of `userId`
 * through `providerId` is a re-authentication: a passkey or an email link
 * used on a browser that is signed in as that same user already, a fresh
 * proof of identity on a live session. A password or a provider account
 * never is: the re-authenticate page checks the password itself and offers
 * no provider, so those are sign-ins whatever the browser holds. Read before
 * the new session replaces the old one.
 */
export async function isReauthentication(
  ctx: AuthContext,
  userId: string | null | undefined,
  providerId: string | null | undefined,
): Promise<boolean> {
  if (!ctx.config.securityLog.store || typeof userId !== "string" || userId === "") return false
  const type = ctx.config.providers.find((p) => p.id === providerId)?.type
  if (type === undefined || !REAUTHENTICATING_TYPES.has(type)) return false
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
