/**
 * The sign-in endpoint: GET renders the sign-in page (or redirects to
 * pages.signIn); POST /signin/:provider dispatches by provider type through a
 * table. No flow is implemented here.
 */
import type { AuthContext } from "../context"
import { MissingCSRF } from "../errors"
import type { ResponseInternal } from "../http/response"
import { pageHeaders } from "../pages/enhance-script"
import { renderSignInPage } from "../pages"
import { webauthnPageHeaders } from "../pages/webauthn"
import type { ProviderConfig } from "../providers/types"
import { requestEmailLink } from "./email/request-link"
import { oauthSignIn } from "./oauth/signin"
import { customPageUrl, pageProviders, pageTheme, withQuery } from "./pages"
import { takeRememberedEmail } from "./remembered-email"
import { ssoSignIn } from "./sso"

type SignInHandler = (ctx: AuthContext, provider: never) => Promise<ResponseInternal>

/**
 * POST /signin/:provider by provider type. oauth/oidc (authorization
 * redirect) and email (send the link) plug in here; credentials and webauthn
 * sign in through their callback, so they go to the sign-in page.
 */
const handlers: Partial<Record<ProviderConfig["type"], SignInHandler>> = {
  email: requestEmailLink as SignInHandler,
  oauth: oauthSignIn as SignInHandler,
  oidc: oauthSignIn as SignInHandler,
}

/** GET /signin: the built-in page, or a redirect to pages.signIn. */
async function signInPage(ctx: AuthContext): Promise<ResponseInternal> {
  const callbackUrl = await ctx.callbackUrl()
  const { error, code, email, until } = ctx.request.query
  const custom = customPageUrl(ctx, "signIn")
  if (custom) return { redirect: withQuery(custom, { callbackUrl, error, code, until }), cookies: ctx.outCookies }

  const only = ctx.provider
  const providers = pageProviders(ctx).filter((p) => only === undefined || p.id === only.id)
  const page = renderSignInPage({
    providers,
    csrfToken: (await ctx.csrf()).token,
    callbackUrl,
    error,
    code,
    until,
    email: takeRememberedEmail(ctx) ?? email,
    // On the whole page only: /signin/:provider shows that provider alone.
    ssoAction: ctx.config.sso.adapter && only === undefined ? `${ctx.authUrl}/signin/sso` : undefined,
    theme: pageTheme(ctx),
  })
  // Only a page with a passkey form carries (and allows) a script.
  const headers = providers.some((p) => p.type === "webauthn") ? webauthnPageHeaders : pageHeaders(page)
  return { status: page.status, headers, body: page.html, cookies: ctx.outCookies }
}

export async function signin(ctx: AuthContext): Promise<ResponseInternal> {
  if (ctx.request.method === "GET") {
    // An unknown provider in the path shows the whole page rather than an error.
    return signInPage(ctx)
  }
  if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
  // "sso" is no configured provider: the address or organization posted names the connection.
  if (ctx.request.providerId === "sso" && ctx.config.sso.adapter && !ctx.provider) return ssoSignIn(ctx)
  const provider = ctx.provider
  const handler = provider ? handlers[provider.type] : undefined
  if (!provider || !handler) {
    await ctx.callbackUrl()
    return { redirect: `${ctx.authUrl}/signin`, cookies: ctx.outCookies }
  }
  return handler(ctx, provider as never)
}
