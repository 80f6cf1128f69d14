/**
 * Repairs for token responses that bend RFC 6749 (no token_type, a scope
 * sent as an array or null, errors in a provider's own shape), applied
 * through the engine's `options.conformTokenResponse` before oauth4webapi
 * reads the response. Each provider lists the repairs its documentation
 * calls for.
 */

type Body = Record<string, unknown>
export type TokenBodyFix = (body: Body, response: Response) => { body: Body; status?: number }

/** The token is a bearer token even when the provider does not say so. */
export const bearerWhenMissing: TokenBodyFix = (body) =>
  body.token_type === undefined && typeof body.access_token === "string" ? { body: { ...body, token_type: "bearer" } } : { body }

/** A scope list (Twitch, Medium) becomes the space-separated string RFC 6749 defines; a null scope (Mailchimp) is dropped. */
export const scopeAsString: TokenBodyFix = (body) => {
  if (Array.isArray(body.scope)) return { body: { ...body, scope: body.scope.map(String).join(" ") } }
  if (body.scope === null) {
    const { scope: _dropped, ...rest } = body
    return { body: rest }
  }
  return { body }
}

/**
 * A provider error in another shape (`message`, `errmsg`, an `errcode`
 * with HTTP 200) becomes an RFC 6749 error response, so the sign-in fails
 * with the provider's refusal instead of a parse error.
 */
export function errorFrom(read: (body: Body, response: Response) => string | undefined): TokenBodyFix {
  return (body, response) => {
    if (typeof body.error === "string") return { body }
    const description = read(body, response)
    if (description === undefined) return { body }
    return { body: { error: "invalid_request", error_description: description }, status: 400 }
  }
}

/** The conformTokenResponse option for a list of repairs. */
export function conformTokenResponse(...fixes: TokenBodyFix[]): (response: Response) => Promise<Response> {
  return async (response) => {
    // Read whatever the type says: some providers (WeChat) send JSON as text/plain.
    const parsed = (await response.clone().json().catch(() => undefined)) as unknown
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return response
    let body = parsed as Body
    let status = response.status
    for (const fix of fixes) {
      const result = fix(body, response)
      body = result.body
      if (result.status !== undefined) status = result.status
    }
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
  }
}
