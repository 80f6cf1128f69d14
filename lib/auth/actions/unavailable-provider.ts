/**
 * Which requests a provider left off answers: its own sign-in and callback
 * routes, and no others. The session, CSRF, sign-out and every other provider
 * never consult it, so one provider's configuration cannot fail them.
 */
import type { AuthContext } from "../context"
import type { ProviderUnavailable } from "../errors"

const PROVIDER_ROUTES = new Set(["signin", "callback", "webauthn-options"])

/** The problem of the provider this request's route names, when that provider was left off. */
export function unavailableProviderOf(ctx: AuthContext): ProviderUnavailable | undefined {
  const { action, providerId } = ctx.request
  if (providerId === undefined || !PROVIDER_ROUTES.has(action)) return undefined
  return ctx.config.providerProblems.get(providerId)
}
