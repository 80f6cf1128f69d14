/**
 * The answer while the database is unreachable: 503 with Retry-After, as the
 * built-in "temporarily unavailable" page for browsers and as JSON for
 * scripts. Never a sign-in redirect: the user is not signed out, and sending
 * them to a sign-in that cannot work would only loop.
 */
import type { DatabaseUnavailable } from "../errors"
import { ERROR_HEADER, htmlHeaders, noCacheHeaders, type ResponseInternal } from "../http/response"
import { renderErrorPage } from "../pages"
import type { PageTheme } from "../pages/layout"

export interface UnavailableTarget {
  /** The public origin and base path of the auth routes, e.g. https://app.example.com/api/auth. */
  authUrl: string
  homeUrl: string
  theme: PageTheme
  /** A browser navigation (a page GET or a form POST) rather than fetch or a script. */
  wantsPage: boolean
}

export function unavailableResponse(error: DatabaseUnavailable, target: UnavailableTarget): ResponseInternal {
  const headers = { ...noCacheHeaders, "Retry-After": String(error.retryAfterSeconds), [ERROR_HEADER]: error.type }
  if (target.wantsPage) {
    const page = renderErrorPage({
      error: error.type,
      signinUrl: `${target.authUrl}/signin`,
      homeUrl: target.homeUrl,
      theme: target.theme,
    })
    return { status: 503, headers: { ...htmlHeaders, ...headers }, body: page.html }
  }
  return {
    status: 503,
    headers,
    body: {
      error: error.type,
      code: error.code,
      message: "The service is temporarily unavailable. Try again in a moment.",
      // What the React client navigates to when it follows `url`.
      url: `${target.authUrl}/error?error=${error.type}`,
    },
  }
}
