/**
 * The per-sign-in check values (state, PKCE code verifier, nonce) and the
 * cookies that bind them to the browser: encrypted with the secret (salt =
 * cookie name), bound to the provider, 15 minutes, HttpOnly. They are read
 * once at the callback and cleared on every outcome, success or failure.
 */
import * as o from "oauth4webapi"
import type { AuthContext } from "../context"
import { InvalidCheck } from "../errors"
import type { Cookie, CookieKey } from "../types"
import type { ResolvedOAuthProvider } from "./normalise"

const CHECK_MAX_AGE = 15 * 60

export interface CheckValues {
  state: string
  codeVerifier?: string
  nonce?: string
}

type CheckKey = Extract<CookieKey, "state" | "pkceCodeVerifier" | "nonce">
const COOKIE_KEYS: Record<keyof CheckValues, CheckKey> = { state: "state", codeVerifier: "pkceCodeVerifier", nonce: "nonce" }

/**
 * The configured options (SameSite=Lax by default) for every provider: a form_post provider's
 * cross-site POST is relayed by a same-origin page that the Lax cookies do come back with
 * (actions/callback/form-post.ts), so no check cookie is ever SameSite=None.
 */
function cookieOptions(ctx: AuthContext, key: CheckKey): Cookie["options"] {
  return { ...ctx.cookies[key].options, maxAge: CHECK_MAX_AGE }
}

/** New check values for one sign-in, and the cookies that carry them. */
export async function createChecks(
  ctx: AuthContext,
  provider: ResolvedOAuthProvider,
  state: string,
): Promise<{ values: CheckValues; cookies: Cookie[] }> {
  const values: CheckValues = { state }
  if (provider.checkSet.has("pkce")) values.codeVerifier = o.generateRandomCodeVerifier()
  if (provider.checkSet.has("nonce")) values.nonce = o.generateRandomNonce()
  const cookies: Cookie[] = []
  for (const field of Object.keys(COOKIE_KEYS) as (keyof CheckValues)[]) {
    const value = values[field]
    if (value === undefined) continue
    const key = COOKIE_KEYS[field]
    const name = ctx.cookies[key].name
    const sealed = await ctx.config.keyRing.encode({ value, provider: provider.id }, name, CHECK_MAX_AGE)
    cookies.push({ name, value: sealed, options: cookieOptions(ctx, key) })
  }
  return { values, cookies }
}

/** Deletions for every check cookie the browser sent. */
export function clearChecks(ctx: AuthContext): Cookie[] {
  return Object.values(COOKIE_KEYS)
    .filter((key) => ctx.request.cookies[ctx.cookies[key].name] !== undefined)
    .map((key) => ({ name: ctx.cookies[key].name, value: "", options: { ...cookieOptions(ctx, key), maxAge: 0 } }))
}

async function openCookie(ctx: AuthContext, provider: ResolvedOAuthProvider, key: CheckKey): Promise<string> {
  const name = ctx.cookies[key].name
  const sealed = ctx.request.cookies[name]
  if (!sealed) throw new InvalidCheck(`The ${key} check cookie is missing`)
  let payload: Record<string, unknown>
  try {
    payload = await ctx.config.keyRing.decode(sealed, name)
  } catch (cause) {
    throw new InvalidCheck(`The ${key} check cookie could not be read`, { cause })
  }
  if (payload.provider !== provider.id) throw new InvalidCheck(`The ${key} check cookie was made for another provider`)
  if (typeof payload.value !== "string") throw new InvalidCheck(`The ${key} check cookie has no value`)
  return payload.value
}

/** The values this provider's checks need, from the request's cookies; InvalidCheck when one is missing or foreign. */
export async function readChecks(ctx: AuthContext, provider: ResolvedOAuthProvider): Promise<CheckValues> {
  const values: CheckValues = { state: await openCookie(ctx, provider, "state") }
  if (provider.checkSet.has("pkce")) values.codeVerifier = await openCookie(ctx, provider, "pkceCodeVerifier")
  if (provider.checkSet.has("nonce")) values.nonce = await openCookie(ctx, provider, "nonce")
  return values
}
