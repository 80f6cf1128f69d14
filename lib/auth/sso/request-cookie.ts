/**
 * The browser's half of an SSO sign-in: the request id (and the connection
 * it went to) in an encrypted, HttpOnly, SameSite=Lax cookie, like the OAuth
 * check cookies. For SAML the id is the AuthnRequest's, and the identity
 * provider's answer must name it in InResponseTo, so an answer to another
 * browser's request (or an unsolicited one, unless the connection allows it)
 * is refused. An OpenID Connect connection sets it only for a test sign-in,
 * with the sign-in's state as the id: the state check cookie already binds
 * the answer to this browser, and the id binds the test mark to this one
 * sign-in rather than to any later one through the same connection. Read
 * once at the ACS or callback and cleared whatever happens.
 */
import type { AuthContext } from "../context"
import type { Cookie } from "../types"

const MAX_AGE = 15 * 60

export interface PendingSsoRequest {
  connectionId: string
  requestId: string
  /** A test sign-in an organization's admin started: the answer is shown, nobody signed in. */
  test?: boolean
}

export async function ssoRequestCookie(ctx: AuthContext, pending: PendingSsoRequest): Promise<Cookie> {
  const { name, options } = ctx.cookies.ssoRequest
  const value = await ctx.config.keyRing.encode({ connection: pending.connectionId, request: pending.requestId, at: Date.now(), test: pending.test === true }, name, MAX_AGE)
  return { name, value, options: { ...options, maxAge: MAX_AGE } }
}

export function clearSsoRequestCookie(ctx: AuthContext): Cookie[] {
  const { name, options } = ctx.cookies.ssoRequest
  return ctx.request.cookies[name] === undefined ? [] : [{ name, value: "", options: { ...options, maxAge: 0 } }]
}

/** The request id this browser sent to `connectionId`, and when; null when it sent none (or the cookie does not open). */
export async function pendingSsoRequest(ctx: AuthContext, connectionId: string): Promise<{ requestId: string; sentAt: Date; test: boolean } | null> {
  const { name } = ctx.cookies.ssoRequest
  const sealed = ctx.request.cookies[name]
  if (!sealed) return null
  try {
    const payload = await ctx.config.keyRing.decode(sealed, name)
    if (payload.connection !== connectionId || typeof payload.request !== "string" || typeof payload.at !== "number") return null
    return { requestId: payload.request, sentAt: new Date(payload.at), test: payload.test === true }
  } catch {
    return null
  }
}
