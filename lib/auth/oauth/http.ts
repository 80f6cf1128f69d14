/**
 * How the engine talks to an identity provider: the provider's customFetch
 * (or the global fetch), a 10-second limit on every request so a provider
 * that hangs cannot hold a sign-in open, and plain-http endpoints allowed
 * only outside production (local development against a local IdP).
 */
import * as o from "oauth4webapi"
import { customFetch } from "../symbols"
import type { OAuthConfig } from "../providers/oauth-types"
import type { Profile } from "../types"

/** Time limit for one request to an identity provider. */
export const IDP_TIMEOUT_MS = 10_000

type ProviderLike = Pick<OAuthConfig<Profile>, typeof customFetch | "issuer" | "wellKnown"> & {
  authorization?: unknown
  token?: unknown
  userinfo?: unknown
}

/** Errors of a pooled keep-alive connection the provider had already closed: the request never got through. */
const STALE_CONNECTION = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"])

function isStaleConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code
  return error instanceof TypeError && typeof code === "string" && STALE_CONNECTION.has(code)
}

/**
 * The provider's fetch, with the time limit added to requests that bring no
 * signal of their own, and one retry when a reused connection turns out to
 * be closed (the request did not reach the provider, so it is safe to send).
 */
export function providerFetch(provider: ProviderLike): typeof fetch {
  const base = provider[customFetch] ?? fetch
  return async (input, init) => {
    const send = () => base(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(IDP_TIMEOUT_MS) })
    try {
      return await send()
    } catch (error) {
      if (!isStaleConnection(error) || input instanceof Request) throw error
      return send()
    }
  }
}

function usesHttp(provider: ProviderLike): boolean {
  const urls = [provider.issuer, provider.wellKnown, provider.authorization, provider.token, provider.userinfo]
  return urls.some((u) => {
    const url = typeof u === "string" ? u : (u as { url?: string } | undefined)?.url
    return typeof url === "string" && url.startsWith("http:")
  })
}

/** Options for every oauth4webapi request made for this provider. */
export function requestOptions(provider: ProviderLike): {
  [o.customFetch]: typeof fetch
  [o.allowInsecureRequests]: boolean
  signal: () => AbortSignal
} {
  return {
    [o.customFetch]: providerFetch(provider),
    [o.allowInsecureRequests]: process.env.NODE_ENV !== "production" && usesHttp(provider),
    signal: () => AbortSignal.timeout(IDP_TIMEOUT_MS),
  }
}
