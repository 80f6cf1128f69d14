/**
 * The sign-out endpoint: GET shows the confirmation page (or pages.signOut),
 * POST ends the session through the configured strategy after a CSRF check. It
 * never ends a session on a GET.
 */
import type { AuthContext } from "../context"
import { MissingCSRF } from "../errors"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { renderSignOutPage } from "../pages"
import { federatedSignOut } from "../oauth/federated-sign-out"
import { recordSecurityEvent } from "../security-log/record"
import { endParkedSession } from "../session/impersonator"
import { customPageUrl, pageTheme, withQuery } from "./pages"

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
  // Whose session this is, read before it ends, for their security log (only when there is one).
  const proof = ctx.config.securityLog.store ? await ctx.config.sessionStrategy.signedIn(ctx).catch(() => null) : null
  // The strategy deletes the database row, or just clears the cookie for jwt, and fires signOut.
  const cookies = await ctx.config.sessionStrategy.end(ctx)
  // Signing out of an impersonation signs the admin out too: no token of theirs stays in this browser.
  const parked = await endParkedSession(ctx.config, ctx.cookies, ctx.request.cookies)
  if (proof) await recordSecurityEvent(ctx.config, ctx.request.request, { userId: proof.userId, type: "sign-out" })
  if (proof?.impersonatedBy) {
    const adminId = proof.impersonatedBy
    await recordSecurityEvent(ctx.config, ctx.request.request, { userId: proof.userId, type: "impersonation-stopped", actorId: adminId })
    await recordSecurityEvent(ctx.config, ctx.request.request, { userId: adminId, type: "impersonation-stopped", detail: `as ${proof.userId}, by signing out`, actorId: adminId })
  }
  const callbackUrl = await ctx.callbackUrl()
  const federated = await federatedSignOut(ctx, callbackUrl)
  return { redirect: federated.redirect ?? callbackUrl, cookies: [...ctx.outCookies, ...cookies, ...parked, ...federated.cookies] }
}
