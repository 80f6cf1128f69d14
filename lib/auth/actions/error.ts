/**
 * GET /error: the built-in error page for an error type, or a redirect to
 * pages.error. The type is only ever looked up, never echoed as markup.
 */
import type { AuthContext } from "../context"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { renderErrorPage } from "../pages"
import { customPageUrl, pageTheme, withQuery } from "./pages"

/** GET /error?error=Type: the built-in error page, or a redirect to pages.error (query encoded). */
export function error(ctx: AuthContext): ResponseInternal {
  const type = ctx.request.query.error
  const custom = customPageUrl(ctx, "error")
  if (custom) return { redirect: withQuery(custom, { error: type }) }
  const page = renderErrorPage({
    error: type,
    signinUrl: `${ctx.authUrl}/signin`,
    homeUrl: ctx.origin,
    theme: pageTheme(ctx),
  })
  return { status: page.status, headers: htmlHeaders, body: page.html }
}
