/**
 * What "Check your email" needs to know about the link just requested: the
 * address it went to (so the page can name it) and when (so "Send the link
 * again" waits out a cooldown). Kept in a short-lived HttpOnly cookie scoped
 * to the auth routes, never in the URL, where the address would reach
 * browser history, logs and Referer headers.
 */
import type { AuthContext } from "../../context"
import type { Cookie } from "../../types"

/** How long the page keeps naming the address: the time a person plausibly waits for a mail. */
const MAX_AGE_SECONDS = 30 * 60
/** Seconds between sends from the page: long enough for a slow mail to arrive first. */
export const RESEND_COOLDOWN_SECONDS = 60
const MAX_EMAIL_LENGTH = 320
const PLAUSIBLE_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+$/

function cookie(ctx: AuthContext, value: string, maxAge: number): Cookie {
  const secure = ctx.cookies.sessionToken.options.secure === true
  return {
    name: `${secure ? "__Secure-" : ""}authjs.sent-link`,
    value,
    options: { httpOnly: true, sameSite: "lax", secure, path: ctx.config.basePath || "/", maxAge },
  }
}

export interface SentLink {
  email: string
  /** Epoch milliseconds of the send. */
  sentAt: number
}

/** After a link was requested: remember the address and the time (a refused send is remembered as sent; see requestEmailLink). */
export function rememberSentLink(ctx: AuthContext, email: string, now = Date.now()): void {
  ctx.outCookies.push(cookie(ctx, `${now}:${email}`, MAX_AGE_SECONDS))
}

/** The remembered send, if the cookie holds a plausible one. */
export function readSentLink(ctx: AuthContext): SentLink | undefined {
  const value = ctx.request.cookies[cookie(ctx, "", 0).name]
  if (typeof value !== "string") return undefined
  const separator = value.indexOf(":")
  const sentAt = Number(value.slice(0, separator))
  const email = value.slice(separator + 1)
  if (separator < 1 || !Number.isSafeInteger(sentAt)) return undefined
  if (email.length > MAX_EMAIL_LENGTH || !PLAUSIBLE_EMAIL.test(email)) return undefined
  return { email, sentAt }
}

/** Seconds left before the page may send again (0: now). */
export function resendWait(sent: SentLink | undefined, now = Date.now()): number {
  if (sent === undefined) return 0
  const elapsed = Math.floor((now - sent.sentAt) / 1000)
  return elapsed < 0 ? RESEND_COOLDOWN_SECONDS : Math.max(0, RESEND_COOLDOWN_SECONDS - elapsed)
}
