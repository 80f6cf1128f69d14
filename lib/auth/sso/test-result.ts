/**
 * The end of a test sign-in, SAML or OpenID Connect: the answer an
 * organization's admin asked the identity provider for, shown on a page
 * with whether its address is on a domain the organization verified, or the
 * code it was refused with. Nothing of a sign-in happens: no account is
 * made or linked, nobody joins, no session starts.
 */
import type { AuthContext } from "../context"
import { AuthError, CallbackRouteError, InvalidCheck, InvalidProvider, OAuthCallbackError, SsoError } from "../errors"
import type { ResponseInternal } from "../http/response"
import { pageHeaders } from "../pages/enhance-script"
import { renderSsoTestPage } from "../pages/sso-test"
import { domainOfEmail } from "./domain-name"
import type { SsoIdentity } from "./finish"
import type { AdapterSsoConnection } from "./types"

/**
 * What the identity provider's answer can be refused with: shown to the admin as its code.
 * Anything else (the database, a bug) goes to the error page as it would in a sign-in.
 */
const REFUSALS = [SsoError, OAuthCallbackError, InvalidCheck, InvalidProvider, CallbackRouteError]

function answerRefusal(error: unknown): AuthError | null {
  return error instanceof AuthError && REFUSALS.some((kind) => error instanceof kind) ? error : null
}

/** `answer` validates the identity provider's answer (and uses it up, for SAML), or throws why not. */
export async function testSignInResult(ctx: AuthContext, connection: AdapterSsoConnection, answer: () => Promise<SsoIdentity>): Promise<ResponseInternal> {
  const adapter = ctx.config.sso.adapter
  if (!adapter) throw new SsoError("sso_disabled", "Single sign-on is off")
  const common = { connectionName: connection.name, kind: connection.kind, backUrl: await ctx.callbackUrl(), theme: ctx.config.theme }
  let page
  try {
    const identity = await answer()
    const domain = domainOfEmail(identity.email)
    const route = domain ? await adapter.getSsoRoute(domain) : null
    const domainVerified = route?.connection.organizationId === connection.organizationId
    page = renderSsoTestPage({ ...common, identity: { ...identity, domainVerified } })
  } catch (error) {
    const refusal = answerRefusal(error)
    if (!refusal) throw error
    page = renderSsoTestPage({ ...common, refusal: { code: refusal.code, message: refusal.message } })
  }
  return { status: page.status, headers: pageHeaders(page), body: page.html, cookies: ctx.outCookies }
}
