/**
 * The authorization server a provider talks to: its discovery document,
 * fetched once per resolved provider with that provider's `fetch` (a failure
 * is not remembered, so the next sign-in tries again), with the provider's
 * own endpoint URLs laid over it. Providers that list all their endpoints
 * need no discovery at all.
 */
import * as o from "oauth4webapi"
import type { ResolvedOAuthProvider } from "./normalise"
import { requestOptions } from "./http"

async function discover(provider: ResolvedOAuthProvider): Promise<o.AuthorizationServer> {
  const options = requestOptions(provider)
  const issuer = new URL(provider.issuer ?? provider.wellKnown!)
  let response: Response
  if (provider.wellKnown) {
    response = await options[o.customFetch](provider.wellKnown, { headers: { accept: "application/json" } })
  } else {
    response = await o.discoveryRequest(issuer, { ...options, algorithm: provider.type === "oidc" ? "oidc" : "oauth2" })
  }
  if (provider.options?.issuerTemplate === true) {
    // Multi-tenant issuers (e.g. Entra ID's "common") publish a template such as
    // https://login.microsoftonline.com/{tenantid}/v2.0; it is checked per ID token instead.
    const metadata = (await response.json()) as o.AuthorizationServer
    if (typeof metadata.issuer !== "string") throw new o.OperationProcessingError("discovery document without issuer")
    return metadata
  }
  return o.processDiscoveryResponse(provider.wellKnown && !provider.issuer ? new URL(provider.wellKnown) : issuer, response)
}

function needsDiscovery(provider: ResolvedOAuthProvider): boolean {
  if (!provider.issuer && !provider.wellKnown) return false
  if (provider.type === "oidc") return true
  return !provider.authorization.url || !provider.token.url
}

/** Whether the issuer the engine checks against comes from the server's own metadata rather than the configuration alone. */
export function issuerIsDiscovered(provider: ResolvedOAuthProvider): boolean {
  return needsDiscovery(provider)
}

/** The discovery document for the provider's issuer, fetched once per resolved provider. */
export function discoveryDocument(provider: ResolvedOAuthProvider): Promise<o.AuthorizationServer> {
  const { runtime } = provider
  let pending = runtime.discovery
  if (!pending) {
    const fetching = discover(provider)
    runtime.discovery = pending = fetching
    // Failures are not cached: the next sign-in asks again.
    fetching.catch(() => {
      if (runtime.discovery === fetching) runtime.discovery = undefined
    })
  }
  return pending
}

/** Drops the provider's cached document, e.g. after its signing keys could not be matched. */
export function forgetDiscovery(provider: ResolvedOAuthProvider): void {
  provider.runtime.discovery = undefined
}

/** Discovery (when needed) with the provider's explicit endpoints laid over it. */
export async function authorizationServer(provider: ResolvedOAuthProvider): Promise<o.AuthorizationServer> {
  const base: o.AuthorizationServer = needsDiscovery(provider)
    ? await discoveryDocument(provider)
    : // Without one configured, a stand-in: only a server whose issuer is its origin matches it (issuer-check.ts reports the rest).
      { issuer: provider.issuer ?? new URL(provider.token.url ?? provider.authorization.url ?? "https://invalid").origin }
  return {
    ...base,
    ...(provider.authorization.url ? { authorization_endpoint: provider.authorization.url } : {}),
    ...(provider.token.url ? { token_endpoint: provider.token.url } : {}),
    ...(provider.userinfo.url ? { userinfo_endpoint: provider.userinfo.url } : {}),
  }
}

/** The oauth4webapi client for a provider. */
export function clientFor(provider: ResolvedOAuthProvider): o.Client {
  return { client_id: provider.clientId ?? "", ...(provider.client ?? {}) } as o.Client
}

/** The secret the token endpoint gets: made on demand (a signed JWT, cached by its maker) or the configured one. */
async function clientSecretOf(provider: ResolvedOAuthProvider): Promise<string> {
  if (provider.createClientSecret) return provider.createClientSecret({ clientId: provider.clientId ?? "" })
  return provider.clientSecret ?? ""
}

/** Client authentication at the token endpoint. */
export async function clientAuthFor(provider: ResolvedOAuthProvider): Promise<o.ClientAuth> {
  switch (provider.clientAuthMethod) {
    case "client_secret_post":
      return o.ClientSecretPost(await clientSecretOf(provider))
    case "none":
      return o.None()
    default:
      return o.ClientSecretBasic(await clientSecretOf(provider))
  }
}
