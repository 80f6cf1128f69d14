/**
 * The answer to a state-changing POST another site's page sent (see
 * http/fetch-site.ts): 403 with the error page for a browser, 403 JSON for a
 * script. Never a redirect, so the refused request leads nowhere.
 */
import type { AuthContext } from "../context"
import { htmlHeaders, noCacheHeaders, ERROR_HEADER, type ResponseInternal } from "../http/response"
import { renderErrorPage } from "../pages"

export function crossSiteResponse(ctx: AuthContext, json: boolean): ResponseInternal {
  if (json) {
    return {
      status: 403,
      headers: { ...noCacheHeaders, [ERROR_HEADER]: "CrossSiteRequest" },
      body: { error: "CrossSiteRequest", message: "Cross-site request refused." },
    }
  }
  const page = renderErrorPage({
    error: "CrossSiteRequest",
    signinUrl: `${ctx.authUrl}/signin`,
    homeUrl: ctx.origin,
    theme: ctx.config.theme,
  })
  return { status: page.status, headers: htmlHeaders, body: page.html }
}
