/**
 * How a callback may arrive: by POST (response_mode=form_post) only for a
 * provider that asked for it, by GET only for the others. The provider's
 * POST is cross-site, so the browser withholds the SameSite=Lax check
 * cookies; it is answered with a page that posts the same fields again from
 * this origin, and that second POST (marked) is the one processed. The state
 * check still decides: the relay only gives a cross-site POST what a
 * cross-site top-level GET to the callback gets anyway, the Lax cookies.
 */
import type { AuthContext } from "../../context"
import { OAuthCallbackError } from "../../errors"
import { htmlHeaders, type ResponseInternal } from "../../http/response"
import type { ResolvedOAuthProvider } from "../../oauth/normalise"
import { ownCallbackUrl } from "../../oauth/redirect-uri"
import { FORM_POST_RELAY_CSP, renderFormPostRelay } from "../../pages/form-post-relay"

/** Set by the relay page on its POST; a request can set it too, which only skips the relay. */
export const RELAYED_FIELD = "relayed"

/**
 * The fields a provider's form_post answer carries (RFC 6749, OpenID form_post, RFC 9207 `iss`,
 * and Apple's `id_token` and `user`): nothing else is echoed back by the relay page.
 */
const RESPONSE_FIELDS = ["code", "state", "iss", "id_token", "user", "error", "error_description", "error_uri"]

/** Fields of the callback that are not the authorization response itself. */
const NOT_FOR_EXCHANGE = new Set([RELAYED_FIELD, "id_token", "user"])

export function usesFormPost(provider: ResolvedOAuthProvider): boolean {
  return provider.authorization.params.response_mode === "form_post"
}

/** Refuses a callback by the wrong method (before any check cookie is touched: a stray POST must not end a sign-in). */
export function assertCallbackMethod(ctx: AuthContext, provider: ResolvedOAuthProvider): void {
  const post = ctx.request.method === "POST"
  if (post && !usesFormPost(provider)) throw new OAuthCallbackError(`"${provider.id}" does not answer with form_post`)
  if (!post && usesFormPost(provider)) throw new OAuthCallbackError(`"${provider.id}" answers with form_post only`)
}

/** The callback's fields as sent: the POST body for form_post, the query otherwise. */
export function callbackFields(ctx: AuthContext): URLSearchParams {
  const params = new URLSearchParams()
  const source = ctx.request.method === "POST" ? (ctx.request.body ?? {}) : ctx.request.query
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") params.set(key, value)
  return params
}

/** The authorization response oauth4webapi validates: without the relay's mark and the fields a code flow does not use. */
export function authorizationResponse(fields: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of fields) if (!NOT_FOR_EXCHANGE.has(key)) params.set(key, value)
  return params
}

/** The relay page for the provider's own (cross-site) POST; undefined for the relayed one, which is processed. */
export function formPostRelay(ctx: AuthContext, provider: ResolvedOAuthProvider, fields: URLSearchParams): ResponseInternal | undefined {
  if (ctx.request.method !== "POST" || fields.get(RELAYED_FIELD) === "1") return undefined
  const echoed: [string, string][] = RESPONSE_FIELDS.flatMap((name) => {
    const value = fields.get(name)
    return value === null ? [] : [[name, value] as [string, string]]
  })
  echoed.push([RELAYED_FIELD, "1"])
  const page = renderFormPostRelay(ownCallbackUrl(ctx, provider), echoed)
  return {
    status: page.status,
    headers: { ...htmlHeaders, "Content-Security-Policy": FORM_POST_RELAY_CSP },
    body: page.html,
  }
}
