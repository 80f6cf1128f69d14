/**
 * The pending two-factor sign-in: a first factor passed, the second not yet.
 * It lives only in an encrypted cookie (`authjs.two-factor`, five minutes)
 * under a key of its own (its own salt), so it can never be read as a session
 * token, nor a session token as it: until the second step passes, every
 * session read sees a signed-out user. It carries what finishing the sign-in
 * needs, and an id of its own that the wrong-code counter is keyed on.
 */
import { TWO_FACTOR_PENDING_SECONDS } from "../cookies"
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
}

/** Provider tokens stay out of the cookie: the account row holds them, and they would only make it larger. */
const TOKEN_FIELDS = ["access_token", "refresh_token", "id_token", "expires_at", "expires_in", "session_state"] as const

function withoutTokens(account: Account | null): Account | null {
  if (!account) return null
  const copy: Record<string, unknown> = { ...account }
  for (const field of TOKEN_FIELDS) delete copy[field]
  return copy as Account
}

export async function pendingCookie(ctx: AuthContext, pending: Omit<PendingSignIn, "id">): Promise<Cookie> {
  const { name, options } = ctx.cookies.twoFactorPending
  const { id, name: userName, email, image } = pending.user
  const claims = {
    purpose: PURPOSE,
    pid: crypto.randomUUID(),
    user: { id, name: userName ?? null, email: email ?? null, image: image ?? null },
    account: withoutTokens(pending.account),
    isNewUser: pending.isNewUser,
    callbackUrl: pending.callbackUrl,
    method: pending.method,
    enrol: pending.enrol,
  }
  const value = await ctx.config.keyRing.encode(claims, PENDING_SALT, TWO_FACTOR_PENDING_SECONDS)
  return { name, value, options: { ...options, maxAge: TWO_FACTOR_PENDING_SECONDS } }
}

export function clearPendingCookie(ctx: AuthContext): Cookie {
  const { name, options } = ctx.cookies.twoFactorPending
  return { name, value: "", options: { ...options, maxAge: 0 } }
}

const FIRST_FACTORS = new Set<string>(["credentials", "email", "oauth", "webauthn"])

/** This browser's pending sign-in, or null when there is none, or it expired or was forged. */
export async function readPending(ctx: Pick<AuthContext, "config" | "cookies" | "request">): Promise<PendingSignIn | null> {
  const value = ctx.request.cookies[ctx.cookies.twoFactorPending.name]
  if (!value) return null
  let claims: Record<string, unknown>
  try {
    claims = await ctx.config.keyRing.decode(value, PENDING_SALT)
  } catch {
    return null
  }
  const { purpose, pid, user, account, isNewUser, callbackUrl, method, enrol } = claims ?? {}
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
  }
}
