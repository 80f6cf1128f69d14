/**
 * The pending two-factor sign-in: a first factor passed, the second not yet.
 * It lives only in an encrypted cookie (`authjs.two-factor`, five minutes)
 * under a key of its own (its own salt), so it can never be read as a session
 * token, nor a session token as it: until the second step passes, every
 * session read sees a signed-out user. It carries what finishing the sign-in
 * needs, and an id of its own that the wrong-code counter is keyed on.
 *
 * That includes the provider's tokens (access, refresh, id token): the jwt
 * callback that runs once the second step passes sees the same account as a
 * sign-in without two-factor, so an app that keeps the access token in its
 * session token keeps working. They are as safe here as in a jwt session
 * cookie (encrypted, and for five minutes at most); a large set is split
 * over `authjs.two-factor.0`, `.1`, … like the session cookie.
 */
import { SessionStore, TWO_FACTOR_PENDING_SECONDS } from "../cookies"
import type { AuthContext } from "../context"
import type { Account, Cookie, User } from "../types"

/** Salt of the pending cookie's key: distinct from every cookie name, so no other token decrypts here. */
const PENDING_SALT = "lib/auth two-factor pending sign-in v1"
const PURPOSE = "two-factor-pending"

/** How the first factor was given. */
export type FirstFactor = "credentials" | "email" | "oauth" | "webauthn"

export interface PendingSignIn {
  /** Names this pending sign-in (its wrong codes are counted under it). */
  id: string
  user: Pick<User, "id" | "name" | "email" | "image"> & { id: string }
  account: Account | null
  isNewUser: boolean
  /** Already checked by the redirect callback when the first factor passed. */
  callbackUrl: string
  method: FirstFactor
  /** The user has no second factor and must set one up (`twoFactor.required`). */
  enrol: boolean
  /**
   * When the sign-in began (milliseconds, before its first factor was checked): a take-back or
   * reset after it voids the pending sign-in, whose session would be refused at the second step.
   */
  startedAt: number
}

/** The pending cookie as this request holds it, whole or in chunks. */
function pendingStore(ctx: Pick<AuthContext, "cookies" | "request">): SessionStore {
  return new SessionStore(ctx.cookies.twoFactorPending, ctx.request.cookies)
}

/** The cookie(s) that carry a pending sign-in (chunks when the provider's tokens make it large). */
export async function pendingCookie(ctx: AuthContext, pending: Omit<PendingSignIn, "id">): Promise<Cookie[]> {
  const { id, name: userName, email, image } = pending.user
  const claims = {
    purpose: PURPOSE,
    pid: crypto.randomUUID(),
    user: { id, name: userName ?? null, email: email ?? null, image: image ?? null },
    account: pending.account,
    isNewUser: pending.isNewUser,
    callbackUrl: pending.callbackUrl,
    method: pending.method,
    enrol: pending.enrol,
    startedAt: pending.startedAt,
  }
  const value = await ctx.config.keyRing.encode(claims, PENDING_SALT, TWO_FACTOR_PENDING_SECONDS)
  return pendingStore(ctx).chunk(value, { maxAge: TWO_FACTOR_PENDING_SECONDS })
}

/** Deletions for the pending cookie: its name always, and any chunks this browser holds. */
export function clearPendingCookie(ctx: AuthContext): Cookie[] {
  const { name, options } = ctx.cookies.twoFactorPending
  const chunks = pendingStore(ctx).clean().filter((cookie) => cookie.name !== name)
  return [{ name, value: "", options: { ...options, maxAge: 0 } }, ...chunks]
}

/** Whether this browser sent a pending cookie at all (readable or not). */
export function hasPendingCookie(ctx: Pick<AuthContext, "cookies" | "request">): boolean {
  return pendingStore(ctx).value !== ""
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined
}

const FIRST_FACTORS = new Set<string>(["credentials", "email", "oauth", "webauthn"])

/** This browser's pending sign-in, or null when there is none, or it expired or was forged. */
export async function readPending(ctx: Pick<AuthContext, "config" | "cookies" | "request">): Promise<PendingSignIn | null> {
  const value = pendingStore(ctx).value
  if (!value) return null
  let claims: Record<string, unknown>
  try {
    claims = await ctx.config.keyRing.decode(value, PENDING_SALT)
  } catch {
    return null
  }
  const { purpose, pid, user, account, isNewUser, callbackUrl, method, enrol, startedAt, iat } = claims ?? {}
  if (purpose !== PURPOSE || typeof pid !== "string" || typeof callbackUrl !== "string") return null
  if (typeof method !== "string" || !FIRST_FACTORS.has(method)) return null
  const u = user as Record<string, unknown> | null
  if (typeof u !== "object" || u === null || typeof u.id !== "string" || u.id === "") return null
  return {
    id: pid,
    user: {
      id: u.id,
      name: typeof u.name === "string" ? u.name : null,
      email: typeof u.email === "string" ? u.email : null,
      image: typeof u.image === "string" ? u.image : null,
    },
    account: typeof account === "object" && account !== null ? (account as Account) : null,
    isNewUser: isNewUser === true,
    callbackUrl,
    method: method as FirstFactor,
    enrol: enrol === true,
    // A cookie from before startedAt was carried counts from its own issue: at most five minutes old.
    startedAt: finiteNumber(startedAt) ?? (finiteNumber(iat) ?? 0) * 1000,
  }
}
