/**
 * Sorts out, once per configuration, the providers that cannot sign anyone
 * in: each becomes a ProviderUnavailable naming why, and is left out of the
 * providers the pipeline serves. A provider's problem is that provider's
 * alone: the session, sign-out and every other provider are not touched by it
 * (docs/decisions/unconfigured-providers.md).
 *
 * Two kinds, reported differently at start-up (lib/auth/next/startup.ts):
 * unset credentials (an id, a secret, an issuer: the variables a fresh
 * checkout has not filled in yet) and any other mistake in the provider's
 * configuration (a URL that does not parse, no endpoints, a credentials
 * provider without `authorize`).
 */
import { providerEnvKey } from "../env"
import { ProviderUnavailable } from "../errors"
import type { OAuthConfig } from "../providers/oauth-types"
import type { ProviderConfig } from "../providers/types"
import type { Profile } from "../types"
import { oauthProviderProblem } from "./oauth-provider-problem"

/**
 * The environment variables an OAuth/OIDC provider still needs, by the names
 * the library reads (AUTH_{ID}_ID, _SECRET, _ISSUER); empty when it has them
 * all, by variable or by option.
 */
export function missingProviderVariables(provider: OAuthConfig<Profile>): string[] {
  const prefix = `AUTH_${providerEnvKey(provider.id)}`
  const missing: string[] = []
  if (!provider.clientId) missing.push(`${prefix}_ID`)
  // A public client says so explicitly; without that, no secret means the token request will be refused.
  const publicClient = provider.client?.token_endpoint_auth_method === "none"
  if (!provider.clientSecret && !provider.createClientSecret && !publicClient) missing.push(`${prefix}_SECRET`)
  if (provider.type === "oidc" && !provider.issuer && !provider.wellKnown) missing.push(`${prefix}_ISSUER`)
  return missing
}

const PROVIDER_KINDS = { oauth: "OAuth", oidc: "OpenID Connect" } as const

/** Why one provider cannot be used, or undefined when it can. */
export function providerProblem(provider: ProviderConfig): ProviderUnavailable | undefined {
  if (provider.type === "oauth" || provider.type === "oidc") {
    const missing = missingProviderVariables(provider)
    if (missing.length > 0) {
      return new ProviderUnavailable(
        provider.id,
        "provider_credentials_missing",
        `The ${PROVIDER_KINDS[provider.type]} provider "${provider.id}" is not configured: set ${missing.join(", ")} (or pass the options), or remove it from the providers.`,
        missing,
      )
    }
    const problem = oauthProviderProblem(provider)
    return problem === undefined ? undefined : new ProviderUnavailable(provider.id, "provider_misconfigured", problem)
  }
  if (provider.type === "credentials" && typeof provider.authorize !== "function") {
    return new ProviderUnavailable(provider.id, "provider_misconfigured", `The credentials provider "${provider.id}" needs an \`authorize\` function.`)
  }
  return undefined
}

/** The problem of every provider that has one, by provider id, in the configuration's order. */
export function providerProblems(providers: readonly ProviderConfig[]): Map<string, ProviderUnavailable> {
  const problems = new Map<string, ProviderUnavailable>()
  for (const provider of providers) {
    const problem = providerProblem(provider)
    if (problem) problems.set(provider.id, problem)
  }
  return problems
}

/** A provider and the variables it still needs: one of ours, or one an app reports (see next/startup.ts). */
export interface MissingProviderVariables {
  providerId: string
  variables: readonly string[]
}

/** The providers left off for unset variables only, leaving out those with another mistake. */
export function withMissingVariables(problems: Iterable<ProviderUnavailable>): ProviderUnavailable[] {
  return [...problems].filter((p) => p.code === "provider_credentials_missing")
}

/**
 * One sentence naming every unset variable of every provider, e.g.
 * "github: AUTH_GITHUB_ID, AUTH_GITHUB_SECRET; microsoft-entra-id: AUTH_MICROSOFT_ENTRA_ID_SECRET";
 * undefined when there are none. All at once, so one restart fixes them all.
 */
export function missingVariablesSummary(missing: Iterable<MissingProviderVariables>): string | undefined {
  const parts = [...missing].filter((m) => m.variables.length > 0).map((m) => `${m.providerId}: ${m.variables.join(", ")}`)
  return parts.length === 0 ? undefined : parts.join("; ")
}
