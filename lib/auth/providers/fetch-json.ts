/**
 * GET a JSON object from a provider API with an access token, for the
 * providers whose profile takes more than one plain userinfo request.
 */
import { OAuthCallbackError } from "../errors"

export async function fetchJson<T>(
  fetchImpl: typeof fetch,
  url: string | URL,
  accessToken: string | undefined,
  scheme = "Bearer",
): Promise<T> {
  const response = await fetchImpl(url, {
    headers: { authorization: `${scheme} ${accessToken ?? ""}`, accept: "application/json", "user-agent": "lib-auth" },
  })
  if (!response.ok) throw new OAuthCallbackError(`${new URL(url).pathname} answered ${response.status}`)
  const body = (await response.json()) as unknown
  if (typeof body !== "object" || body === null) throw new OAuthCallbackError(`${new URL(url).pathname} did not answer with JSON`)
  return body as T
}
