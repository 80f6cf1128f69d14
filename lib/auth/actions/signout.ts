import type { AuthContext } from "../context"
import { MissingCSRF, SignOutError } from "../errors"
import { emitEvent } from "../events"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { renderSignOutPage } from "../pages"
import { clearSessionCookie } from "../session/database-session"
import { decodeSessionToken, sessionStoreFor } from "../session/jwt-session"
import type { Adapter, Cookie } from "../types"
import { customPageUrl, pageTheme, withQuery } from "./pages"

/** Ends the session: deletes the database row, or just the cookie for jwt; fires the signOut event. */
async function endSession(ctx: AuthContext): Promise<Cookie[]> {
  const { config } = ctx
  if (config.session.strategy === "database") {
    const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
    if (sessionToken) {
      const session = await (config.adapter as Adapter).deleteSession!(sessionToken)
      await emitEvent(config, "signOut", { session: session ?? null })
    }
    return [clearSessionCookie(ctx)]
  }
  const store = sessionStoreFor(ctx)
  const value = store.value
  if (value) {
    try {
      const token = await decodeSessionToken(ctx, value)
      await emitEvent(config, "signOut", { token })
    } catch (cause) {
      // A token we cannot read is still cleared; the event just has nothing to report.
      const error = new SignOutError("The session token could not be decoded at sign-out", { cause })
      config.logger.error(error.type, error)
    }
  }
  const cleared = store.clean()
  return cleared.length > 0 ? cleared : [clearSessionCookie(ctx)]
}

/** GET /signout: confirmation page (or pages.signOut); POST /signout: CSRF-checked sign-out. */
export async function signout(ctx: AuthContext): Promise<ResponseInternal> {
  if (ctx.request.method === "GET") {
    const custom = customPageUrl(ctx, "signOut")
    if (custom) {
      // As for pages.signIn: the custom page gets the callback URL only once the redirect
      // callback has accepted it, never the raw query value.
      const callbackUrl = ctx.request.query.callbackUrl ? await ctx.callbackUrl() : undefined
      return { redirect: withQuery(custom, { callbackUrl }), cookies: ctx.outCookies }
    }
    const callbackUrl = await ctx.callbackUrl()
    const page = renderSignOutPage({
      csrfToken: (await ctx.csrf()).token,
      action: `${ctx.authUrl}/signout`,
      callbackUrl,
      theme: pageTheme(ctx),
    })
    return { status: page.status, headers: htmlHeaders, body: page.html, cookies: ctx.outCookies }
  }
  if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
  const cookies = await endSession(ctx)
  const callbackUrl = await ctx.callbackUrl()
  return { redirect: callbackUrl, cookies: [...ctx.outCookies, ...cookies] }
}
