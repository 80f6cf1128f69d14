/**
 * Federated (RP-initiated) sign-out, opt-in per provider with
 * `federatedSignOut: true`. At sign-in the ID token is kept in an encrypted
 * cookie beside the session; at sign-out, when the provider's discovery has
 * an end_session_endpoint, the user continues there with `id_token_hint` and
 * `post_logout_redirect_uri` (the sign-out's callback URL, which must be
 * registered at the provider) and comes back to the app.
 */
import type { AuthContext } from "../context"
import type { Cookie, TokenSet } from "../types"
import { isNormalised, type ResolvedOAuthProvider } from "./normalise"
import { authorizationServer } from "./server"

function hintCookieName(ctx: AuthContext): string {
  return ctx.cookies.sessionToken.name.replace("session-token", "id-token-hint")
}

/** The cookie that remembers the ID token for a later federated sign-out, for providers that opted in. */
export async function idTokenHintCookie(
  ctx: AuthContext,
  provider: ResolvedOAuthProvider,
  tokens: TokenSet,
): Promise<Cookie | undefined> {
  if (provider.federatedSignOut !== true || typeof tokens.id_token !== "string") return undefined
  const name = hintCookieName(ctx)
  const maxAge = ctx.config.session.maxAge
  const value = await ctx.config.keyRing.encode({ provider: provider.id, idToken: tokens.id_token }, name, maxAge)
  return { name, value, options: { ...ctx.cookies.sessionToken.options, expires: new Date(Date.now() + maxAge * 1000) } }
}

/**
 * Where sign-out continues: the provider's end_session_endpoint, or undefined
 * to stay in the app. Also returns the deletion of the hint cookie.
 */
export async function federatedSignOut(
  ctx: AuthContext,
  callbackUrl: string,
): Promise<{ redirect?: string; cookies: Cookie[] }> {
  const name = hintCookieName(ctx)
  const sealed = ctx.request.cookies[name]
  if (!sealed) return { cookies: [] }
  const cookies: Cookie[] = [{ name, value: "", options: { ...ctx.cookies.sessionToken.options, maxAge: 0 } }]
  try {
    const payload = await ctx.config.keyRing.decode(sealed, name)
    const provider = typeof payload.provider === "string" ? ctx.config.providerById.get(payload.provider) : undefined
    if (!provider || !isNormalised(provider) || provider.federatedSignOut !== true) return { cookies }
    const endpoint = (await authorizationServer(provider)).end_session_endpoint
    if (!endpoint || typeof payload.idToken !== "string") return { cookies }
    const url = new URL(endpoint)
    url.searchParams.set("id_token_hint", payload.idToken)
    url.searchParams.set("post_logout_redirect_uri", callbackUrl)
    if (provider.clientId) url.searchParams.set("client_id", provider.clientId)
    return { redirect: url.href, cookies }
  } catch (cause) {
    // The local sign-out has happened; failing to reach the provider must not undo or block it.
    ctx.config.logger.debug("federated sign-out skipped", { cause })
    return { cookies }
  }
}
