/**
 * Which redirect_uri a sign-in uses. Behind a redirect proxy (a preview
 * deployment), the provider sends the user to the proxy's callback URL and
 * the state remembers this deployment's own callback URL; on the proxy
 * itself, or without one, it is this deployment's callback URL.
 */
import type { AuthContext } from "../context"
import type { ResolvedOAuthProvider } from "./normalise"

export function ownCallbackUrl(ctx: AuthContext, provider: ResolvedOAuthProvider): string {
  return `${ctx.authUrl}/callback/${provider.id}`
}

/** True when this deployment is the redirect proxy for the provider. */
export function isOnProxy(ctx: AuthContext, provider: ResolvedOAuthProvider): boolean {
  return provider.proxyRedirectUri !== undefined && new URL(provider.proxyRedirectUri).origin === ctx.origin
}

export function redirectUriFor(ctx: AuthContext, provider: ResolvedOAuthProvider): string {
  if (provider.proxyRedirectUri === undefined || isOnProxy(ctx, provider)) return ownCallbackUrl(ctx, provider)
  return provider.proxyRedirectUri
}
