/**
 * Configuration checks for an OAuth/OIDC provider, run once with the rest of
 * the configuration: a missing client id or endpoint, or a URL that does not
 * parse, is reported as a configuration error naming the fix, instead of
 * failing at the first sign-in.
 */
import { providerEnvKey } from "../env"
import type { OAuthConfig } from "../providers/oauth-types"
import type { Profile } from "../types"

function urlOf(option: unknown): string | undefined {
  if (typeof option === "string") return option
  const url = (option as { url?: unknown } | undefined)?.url
  return typeof url === "string" ? url : undefined
}

function parses(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" || parsed.protocol === "http:"
  } catch {
    return false
  }
}

export function oauthProviderProblem(provider: OAuthConfig<Profile>): string | undefined {
  const name = `The ${provider.type === "oidc" ? "OpenID Connect" : "OAuth"} provider "${provider.id}"`
  if (!provider.clientId) return `${name} has no client id: set AUTH_${providerEnvKey(provider.id)}_ID or pass \`clientId\`.`
  for (const [field, url] of [
    ["issuer", provider.issuer],
    ["wellKnown", provider.wellKnown],
    ["authorization", urlOf(provider.authorization)],
    ["token", urlOf(provider.token)],
    ["userinfo", urlOf(provider.userinfo)],
  ] as const) {
    if (url !== undefined && !parses(url)) return `${name} has an invalid ${field} URL: ${JSON.stringify(url)}.`
  }
  const discovers = Boolean(provider.issuer || provider.wellKnown)
  if (provider.type === "oidc" && !discovers) {
    return `${name} needs an \`issuer\`: set AUTH_${providerEnvKey(provider.id)}_ISSUER or pass \`issuer\`.`
  }
  if (!discovers) {
    const userinfo = provider.userinfo as { request?: unknown } | string | undefined
    const hasUserinfo = urlOf(userinfo) !== undefined || typeof (userinfo as { request?: unknown })?.request === "function"
    if (!urlOf(provider.authorization) || !urlOf(provider.token) || !hasUserinfo) {
      return `${name} needs authorization, token and userinfo endpoints, or an \`issuer\` to discover them.`
    }
  }
  return undefined
}
