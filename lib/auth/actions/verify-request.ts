/**
 * GET /verify-request: the "check your email" page shown after an email sign-
 * in link was sent, or a redirect to pages.verifyRequest.
 */
import type { AuthContext } from "../context"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { renderVerifyRequestPage } from "../pages"
import { customPageUrl, pageTheme } from "./pages"

/** GET /verify-request: "check your email", or a redirect to pages.verifyRequest with the same query. */
export function verifyRequest(ctx: AuthContext): ResponseInternal {
  const custom = customPageUrl(ctx, "verifyRequest")
  if (custom) return { redirect: `${custom}${ctx.request.url.search}` }
  const page = renderVerifyRequestPage({ homeUrl: ctx.origin, theme: pageTheme(ctx) })
  return { status: page.status, headers: htmlHeaders, body: page.html }
}
