/**
 * The per-request context the actions share: the resolved config, the parsed
 * request, origin, cookie options, and lazily the CSRF token and callback URL.
 * It does no work a request does not ask for.
 */
import { createCSRFToken } from "./csrf"
import { CrossSiteRequest } from "./errors"
import { isScriptFetch } from "./http/fetch-dest"
import { requestSite } from "./http/fetch-site"
import type { AuthContext, ResolvedConfig } from "./config/resolved"
import type { RequestInternal } from "./http/request"
import { isAcceptableCallbackUrl } from "./redirect"
import type { Cookie } from "./types"

export type { AuthContext }

export function createContext(config: ResolvedConfig, request: RequestInternal): AuthContext {
  // First: every first-factor check of this request comes after it.
  const receivedAt = Date.now()
  const origin = request.url.origin
  const secure = config.useSecureCookies ?? request.url.protocol === "https:"
  const cookies = secure ? config.cookies.secure : config.cookies.insecure
  const outCookies: Cookie[] = []
  // A page a script fetched (the router following a guard's redirect to sign-in in the background)
  // is never shown, so its form is never sent. The form cookies that came with it would land
  // whenever its answer did, over those of the page the browser shows meanwhile, whose form would
  // then be refused (CSRF) or lead elsewhere (callback URL). So such an answer sets neither.
  const scriptFetch = isScriptFetch(request.method, request.headers)
  let csrf: Promise<{ token: string; verified: boolean }> | undefined
  let callbackUrl: Promise<string> | undefined

  const ctx: AuthContext = {
    config,
    request,
    origin,
    authUrl: `${origin}${config.basePath}`,
    cookies,
    provider: request.providerId === undefined ? undefined : config.providerById.get(request.providerId),
    outCookies,
    signInStartedAt: receivedAt,
    fetchedByScript: scriptFetch,
    csrf() {
      csrf ??= (async () => {
        // Every POST that asks for the CSRF verdict changes state; one sent by another site's page is
        // refused outright, whatever its token (the Next.js layer's own calls skip both checks).
        if (request.method === "POST" && !config.skipCSRFCheck && requestSite(request.headers, origin) === "cross-site") {
          throw new CrossSiteRequest("Origin or Sec-Fetch-Site names another site")
        }
        const result = await createCSRFToken({
          secrets: config.secrets,
          cookieValue: request.cookies[cookies.csrfToken.name],
          isPost: request.method === "POST",
          bodyValue: request.body?.csrfToken,
        })
        // /csrf answers scripts; any other page a script fetched sets no form cookie (see below).
        if (result.cookie !== undefined && (request.action === "csrf" || !scriptFetch)) {
          outCookies.push({ name: cookies.csrfToken.name, value: result.cookie, options: cookies.csrfToken.options })
        }
        return { token: result.csrfToken, verified: config.skipCSRFCheck || result.csrfTokenVerified }
      })()
      return csrf
    },
    callbackUrl() {
      callbackUrl ??= resolveCallbackUrl(ctx)
      return callbackUrl
    },
  }
  return ctx
}

/**
 * body.callbackUrl, else query.callbackUrl, else the callback-url cookie, else
 * the origin. The first one present decides: a value that is neither
 * relative nor http(s) gives the origin, never an older cookie's value (the
 * request asked for somewhere; a page the browser visited earlier is not
 * what it asked for). The redirect callback has the last word; the cookie is
 * refreshed when the result differs from it, except in the answer to a script's fetch.
 */
async function resolveCallbackUrl(ctx: AuthContext): Promise<string> {
  const { request, cookies, config, origin } = ctx
  const cookieName = cookies.callbackUrl.name
  const fromCookie = request.cookies[cookieName]
  const candidates = [request.body?.callbackUrl, request.query.callbackUrl, fromCookie]
  const first = candidates.find((c): c is string => typeof c === "string" && c !== "")
  const given = first !== undefined && isAcceptableCallbackUrl(first) ? first : undefined
  let resolved = origin
  if (given !== undefined) {
    const result = await config.callbacks.redirect({ url: given, baseUrl: origin })
    resolved = typeof result === "string" && isAcceptableCallbackUrl(result) ? result : origin
  }
  if (!ctx.fetchedByScript && resolved !== fromCookie) {
    ctx.outCookies.push({ name: cookieName, value: resolved, options: cookies.callbackUrl.options })
  }
  return resolved
}
