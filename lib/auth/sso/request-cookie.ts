/**
 * The browser's half of a SAML sign-in: the AuthnRequest id (and the
 * connection it went to) in an encrypted, HttpOnly, SameSite=Lax cookie,
 * like the OAuth check cookies. The identity provider's answer must name
 * that id in InResponseTo, so an answer to another browser's request (or an
 * unsolicited one, unless the connection allows it) is refused. Read once at
 * the ACS and cleared whatever happens.
 */
import type { AuthContext } from "../context"
import type { Cookie } from "../types"

const MAX_AGE = 15 * 60

export interface PendingSamlRequest {
  connectionId: string
  requestId: string
  /** A test sign-in an organization's admin started: the answer is shown, nobody signed in. */
  test?: boolean
}

export async function samlRequestCookie(ctx: AuthContext, pending: PendingSamlRequest): Promise<Cookie> {
  const { name, options } = ctx.cookies.ssoRequest
  const value = await ctx.config.keyRing.encode({ connection: pending.connectionId, request: pending.requestId, at: Date.now(), test: pending.test === true }, name, MAX_AGE)
  return { name, value, options: { ...options, maxAge: MAX_AGE } }
}

export function clearSamlRequestCookie(ctx: AuthContext): Cookie[] {
  const { name, options } = ctx.cookies.ssoRequest
  return ctx.request.cookies[name] === undefined ? [] : [{ name, value: "", options: { ...options, maxAge: 0 } }]
}

/** The request id this browser sent to `connectionId`, and when; null when it sent none (or the cookie does not open). */
export async function pendingSamlRequest(ctx: AuthContext, connectionId: string): Promise<{ requestId: string; sentAt: Date; test: boolean } | null> {
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
