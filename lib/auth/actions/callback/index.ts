/**
 * The callback endpoint: dispatches /callback/:providerId to the handler of
 * the provider's type. Only dispatch lives here; each flow is its own module.
 */
import type { AuthContext } from "../../context"
import { InvalidProvider } from "../../errors"
import type { ResponseInternal } from "../../http/response"
import type { ProviderConfig } from "../../providers/types"
import { credentialsCallback } from "./credentials"
import { emailCallback } from "./email"
import { webauthnCallback } from "./webauthn"
import { oauthCallback } from "./oauth"

type CallbackHandler = (ctx: AuthContext, provider: never) => Promise<ResponseInternal>

/**
 * One handler per provider type. oauth/oidc, email and webauthn plug in here
 * as their modules land; a type without a handler is a configuration error.
 */
const handlers: Partial<Record<ProviderConfig["type"], CallbackHandler>> = {
  credentials: credentialsCallback as CallbackHandler,
  email: emailCallback as CallbackHandler,
  webauthn: webauthnCallback as CallbackHandler,
  oauth: oauthCallback as CallbackHandler,
  oidc: oauthCallback as CallbackHandler,
}

/** GET|POST /callback/:provider. An unknown provider goes back to the sign-in page. */
export async function callback(ctx: AuthContext): Promise<ResponseInternal> {
  const provider = ctx.provider
  if (!provider) return { redirect: `${ctx.authUrl}/signin`, cookies: ctx.outCookies }
  const handler = handlers[provider.type]
  if (!handler) throw new InvalidProvider(`No callback handler for providers of type "${provider.type}" yet`)
  return handler(ctx, provider as never)
}
