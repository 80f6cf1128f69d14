/**
 * Some providers answer the token request without `token_type` (Instagram,
 * Foursquare, ClickUp) or with a non-standard one; oauth4webapi refuses a
 * token response without it. Their access tokens are bearer tokens, so the
 * answer is read as one. Used as a provider's `options.conformTokenResponse`.
 */
export async function asBearerTokenResponse(response: Response): Promise<Response> {
  if (!response.ok) return response
  const body = (await response.json()) as Record<string, unknown>
  if (typeof body.access_token === "string" && (typeof body.token_type !== "string" || body.token_type.toLowerCase() !== "bearer")) {
    body.token_type = "bearer"
  }
  // A numeric string (Azure DevOps) is still a lifetime in seconds.
  if (typeof body.expires_in === "string" && /^\d+$/.test(body.expires_in)) body.expires_in = Number(body.expires_in)
  return new Response(JSON.stringify(body), { status: response.status, headers: { "content-type": "application/json" } })
}
