/**
 * Keeps the email typed into the credentials form across a failed sign-in, so
 * the sign-in page can show it again. It travels in a short-lived HttpOnly
 * cookie scoped to the auth routes, never in the URL, where it would end up in
 * browser history, server logs and Referer headers. Only a value that looks
 * like an email address is kept; the password never is.
 */

import type { AuthContext } from "../context"
import type { Cookie } from "../types"
import type { CredentialsConfig } from "../providers/types"

/** Long enough to cover the redirect back to the form, short enough not to linger on a shared computer. */
const MAX_AGE_SECONDS = 5 * 60
/** RFC 5321's practical limit on an address. */
const MAX_EMAIL_LENGTH = 320
const PLAUSIBLE_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+$/

function cookie(ctx: AuthContext, value: string, maxAge: number): Cookie {
  const secure = ctx.cookies.sessionToken.options.secure === true
  return {
    name: `${secure ? "__Secure-" : ""}authjs.signin-email`,
    value,
    options: { httpOnly: true, sameSite: "lax", secure, path: ctx.config.basePath || "/", maxAge },
  }
}

/** The credentials field that holds the email: one named `email`, else the first of type `email`. */
function emailField(provider: CredentialsConfig): string | undefined {
  const fields = Object.entries(provider.credentials ?? {})
  return fields.find(([name]) => name === "email")?.[0] ?? fields.find(([, input]) => input?.type === "email")?.[0]
}

/** After a failed credentials sign-in: remember what was typed in the email field. */
export function rememberTypedEmail(ctx: AuthContext, provider: CredentialsConfig): void {
  const field = emailField(provider)
  const value = field === undefined ? undefined : ctx.request.body?.[field]
  if (typeof value !== "string") return
  const email = value.trim()
  if (email.length > MAX_EMAIL_LENGTH || !PLAUSIBLE_EMAIL.test(email)) return
  ctx.outCookies.push(cookie(ctx, email, MAX_AGE_SECONDS))
}

/**
 * On the sign-in page: the remembered email, if any, and the cookie is cleared (it is used once).
 * A page a script fetched takes nothing: the page the browser shows is the one to show it.
 */
export function takeRememberedEmail(ctx: AuthContext): string | undefined {
  if (ctx.fetchedByScript) return undefined
  const name = cookie(ctx, "", 0).name
  const value = ctx.request.cookies[name]
  if (value === undefined) return undefined
  ctx.outCookies.push(cookie(ctx, "", 0))
  const email = value.trim()
  return email.length <= MAX_EMAIL_LENGTH && PLAUSIBLE_EMAIL.test(email) ? email : undefined
}
