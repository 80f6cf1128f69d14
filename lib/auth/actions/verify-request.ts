/**
 * GET /verify-request: the "check your email" page shown after an email sign-
 * in link was sent, or a redirect to pages.verifyRequest.
 */
import type { AuthContext } from "../context"
import type { ResponseInternal } from "../http/response"
import { pageHeaders } from "../pages/enhance-script"
import { renderVerifyRequestPage } from "../pages"
import { readSentLink, resendWait } from "./email/sent-link"
import { customPageUrl, pageTheme } from "./pages"

/** GET /verify-request: "check your email", or a redirect to pages.verifyRequest with the same query. */
export async function verifyRequest(ctx: AuthContext): Promise<ResponseInternal> {
  const custom = customPageUrl(ctx, "verifyRequest")
  if (custom) return { redirect: `${custom}${ctx.request.url.search}` }
  const sent = readSentLink(ctx)
  // The resend goes to the email provider named in the query, when it is one.
  const providerId = ctx.request.query.provider
  const provider = ctx.config.providers.find((p) => p.type === "email" && p.id === providerId)
  const resend =
    sent && provider
      ? {
          action: `${ctx.authUrl}/signin/${encodeURIComponent(provider.id)}`,
          csrfToken: (await ctx.csrf()).token,
          callbackUrl: await ctx.callbackUrl(),
          waitSeconds: resendWait(sent),
        }
      : undefined
  const page = renderVerifyRequestPage({
    homeUrl: ctx.origin,
    theme: pageTheme(ctx),
    email: sent?.email,
    resend,
    error: ctx.request.query.error,
    signInUrl: `${ctx.authUrl}/signin`,
  })
  return { status: page.status, headers: pageHeaders(page), body: page.html, cookies: ctx.outCookies }
}
