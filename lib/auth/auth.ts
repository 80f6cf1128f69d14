/**
 * The pipeline: resolve the configuration, parse the request, run the action,
 * and turn any failure into the answer a user may see (a status, the error
 * page or the sign-in page with a type). It knows nothing about any web
 * framework.
 */
import { csrf } from "./actions/csrf"
import { callback } from "./actions/callback"
import { error as errorPage } from "./actions/error"
import { customPageUrl, reauthenticatePageUrl } from "./actions/pages"
import { providers } from "./actions/providers"
import { session } from "./actions/session"
import { signin } from "./actions/signin"
import { signout } from "./actions/signout"
import { verifyRequest } from "./actions/verify-request"
import { webauthnOptions } from "./actions/webauthn-options"
import { twoFactor } from "./actions/two-factor"
import { reauthenticate } from "./actions/reauthenticate"
import { sso } from "./actions/sso"
import { createConfigResolver } from "./config/resolve"
import type { ResolvedConfig } from "./config/resolved"
import { type AuthContext, createContext } from "./context"
import { databaseUnavailableIn, reportDatabaseFault } from "./config/database-outage"
import {
  AuthError,
  BadRequest,
  CallbackRouteError,
  CredentialsSignin,
  CrossSiteRequest,
  EmailSignInError,
  ProviderUnavailable,
  ReauthenticationRequired,
  reportedErrorType,
  TwoFactorSignInError,
  AccountSuspended,
  retryAfterOf,
  SsoError,
  WebAuthnVerificationError,
} from "./errors"
import { type AuthAction, parseActionAndProvider, parseRequest, parseRequestHead } from "./http/request"
import { crossSiteResponse } from "./actions/cross-site"
import { ERROR_HEADER, htmlHeaders, noCacheHeaders, type ResponseInternal, toResponse } from "./http/response"
import { unavailableResponse } from "./actions/unavailable"
import { unavailableProviderOf } from "./actions/unavailable-provider"
import { renderErrorPage } from "./pages"
import type { raw } from "./symbols"
import type { AuthConfig } from "./config/types"

const handlers: Record<AuthAction, (ctx: AuthContext) => ResponseInternal | Promise<ResponseInternal>> = {
  providers,
  csrf,
  session,
  signin,
  signout,
  callback,
  error: errorPage,
  "verify-request": verifyRequest,
  "webauthn-options": webauthnOptions,
  "two-factor": twoFactor,
  reauthenticate,
  sso,
}

// A memo keyed by the config object's identity: the same object is resolved
// once; entries die with the object. It holds no flags that outlive a config.
const resolveConfig = createConfigResolver()

/** Resolves a configuration as Auth() does; exported for the framework layers. */
export function resolveAuthConfig(config: AuthConfig): ResolvedConfig {
  return resolveConfig(config)
}

/** A JSON body or an Accept naming JSON (and not HTML): a script, not a form. */
function wantsJson(request: Request): boolean {
  const type = request.headers.get("content-type") ?? ""
  const accept = request.headers.get("accept") ?? ""
  return type.startsWith("application/json") || (accept.includes("application/json") && !accept.includes("text/html"))
}

const badRequest = (status: number, message: string): ResponseInternal => ({ status, body: message })

/** Where an error sends the user: the sign-in page for sign-in errors, else the error page. */
export function errorRedirectUrl(ctx: AuthContext, error: AuthError): string {
  // Step-up: the page where the user confirms it is them, then back to where they were.
  if (error instanceof ReauthenticationRequired) return reauthenticatePageUrl(ctx, error.callbackUrl, { code: error.code })
  const kind = error.kind
  const type = reportedErrorType(error)
  const params = new URLSearchParams({ error: type })
  if (
    error instanceof CredentialsSignin ||
    error instanceof EmailSignInError ||
    error instanceof WebAuthnVerificationError ||
    error instanceof TwoFactorSignInError ||
    error instanceof ProviderUnavailable ||
    error instanceof SsoError
  ) {
    params.set("code", error.code)
  }
  // Until when, never why: the admin's reason stays with the admins.
  if (error instanceof AccountSuspended) {
    params.set("code", error.code)
    if (error.until) params.set("until", error.until.toISOString())
  }
  const page = customPageUrl(ctx, kind) ?? `${ctx.authUrl}/${kind.toLowerCase()}`
  return `${page}${page.includes("?") ? "&" : "?"}${params}`
}

/** A configuration error: the Configuration page for page GETs, a 500 JSON otherwise. */
function configurationErrorResponse(config: ResolvedConfig, request: Request, action?: AuthAction): ResponseInternal {
  const pageAction = action === "signin" || action === "signout" || action === "error" || action === "verify-request"
  if (request.method === "GET" && pageAction) {
    const url = new URL(request.url)
    if (config.pages.error && action !== "error") {
      const page = config.pages.error.startsWith("/") ? `${url.origin}${config.pages.error}` : config.pages.error
      return { redirect: `${page}${page.includes("?") ? "&" : "?"}error=Configuration` }
    }
    const page = renderErrorPage({
      error: "Configuration",
      signinUrl: `${url.origin}${config.basePath}/signin`,
      homeUrl: url.origin,
      theme: config.theme,
    })
    return { status: page.status, headers: htmlHeaders, body: page.html }
  }
  return {
    status: 500,
    body: { message: "There is a problem with the server configuration. Check the server logs for more information." },
  }
}

export function Auth(request: Request, config: AuthConfig & { raw: typeof raw }): Promise<ResponseInternal>
export function Auth(request: Request, config: AuthConfig): Promise<Response>
/**
 * The whole library behind one function: a standard Request in, a Response
 * out. Nothing here knows about any web framework.
 */
export async function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  const resolved = resolveConfig(config)
  const asJson = request.headers.has("X-Auth-Return-Redirect")
  const finish = (internal: ResponseInternal) => (resolved.raw ? internal : toResponse(internal, asJson))

  if (resolved.error) {
    resolved.logger.error(resolved.error.type, resolved.error)
    if (resolved.raw) throw resolved.error
    const route = (() => {
      try {
        return parseActionAndProvider(new URL(request.url).pathname, resolved.basePath)
      } catch {
        return null
      }
    })()
    return finish(configurationErrorResponse(resolved, request, route?.action))
  }

  let ctx: AuthContext
  try {
    // A GET has no body to wait for: no promise on the path of every session read.
    const parsed = request.method === "POST" ? await parseRequest(request, resolved.basePath) : parseRequestHead(request, resolved.basePath)
    ctx = createContext(resolved, parsed)
  } catch (error) {
    if (error instanceof BadRequest) return finish(badRequest(error.status, error.message))
    throw error
  }

  try {
    // A provider left off (unset credentials, a mistake in its options) fails its own routes only.
    const unavailable = unavailableProviderOf(ctx)
    if (unavailable) throw unavailable
    return finish(await handlers[ctx.request.action](ctx))
  } catch (thrown) {
    if (thrown instanceof BadRequest) return finish(badRequest(thrown.status, thrown.message))
    if (thrown instanceof CrossSiteRequest) return finish(crossSiteResponse(ctx, asJson || wantsJson(request)))
    const outage = databaseUnavailableIn(thrown)
    if (outage) {
      // A 503, never "signed out" nor a sign-in redirect; logged once per outage, not per request.
      reportDatabaseFault(resolved.logger, outage)
      if (resolved.raw && !asJson && ctx.request.action !== "session") throw outage
      const wantsPage = !asJson && !wantsJson(request) && ctx.request.action !== "session" && ctx.request.action !== "csrf"
      return finish({
        ...unavailableResponse(outage, { authUrl: ctx.authUrl, homeUrl: ctx.origin, theme: resolved.theme, wantsPage }),
        cookies: ctx.outCookies,
      })
    }
    const error =
      thrown instanceof AuthError ? thrown : new CallbackRouteError("Unexpected error in the auth handler", { cause: thrown })
    // The full error (with its cause) goes to the server log only; the client sees a type name.
    if (!(thrown instanceof AuthError && thrown.type === "AdapterError")) resolved.logger.error(error.type, error)
    if (ctx.request.action === "session") {
      // A session read that fails (e.g. the database is down) answers "no session" and keeps the
      // cookie, so the user is not signed out by an outage; a failed update is a 400.
      const status = ctx.request.method === "POST" ? 400 : 200
      return finish({ status, headers: noCacheHeaders, body: null, cookies: ctx.outCookies })
    }
    if (resolved.raw && !asJson && error instanceof AuthError && thrown instanceof AuthError) throw error
    const redirect = errorRedirectUrl(ctx, error)
    if (error instanceof ReauthenticationRequired && (asJson || wantsJson(request))) {
      // A script learns it was refused (403, with the code) and where the user confirms who they are.
      return finish({
        status: 403,
        headers: { ...noCacheHeaders, [ERROR_HEADER]: reportedErrorType(error) },
        body: { url: redirect, error: reportedErrorType(error), code: error.code },
        cookies: ctx.outCookies,
      })
    }
    const retryAfter = retryAfterOf(error)
    if (retryAfter !== undefined && (asJson || wantsJson(request))) {
      // Fetch and JSON callers get a real 429 (the URL still names the sign-in page's message).
      return finish({
        status: 429,
        headers: { ...noCacheHeaders, "Retry-After": String(retryAfter), [ERROR_HEADER]: reportedErrorType(error) },
        body: { url: redirect, error: reportedErrorType(error) },
        cookies: ctx.outCookies,
      })
    }
    return finish({ redirect, error: reportedErrorType(error), cookies: ctx.outCookies })
  }
}
