/**
 * Fills a configuration's defaults from the environment (read by ../env.ts):
 * secrets, base path, trusted host, provider credentials.
 */
import { impersonationMaxAgeFromEnv, parseAdminEmails } from "../access/user-access"
import {
  basePathFromEnv,
  type Env,
  nonEmpty,
  parseBooleanEnv,
  providerEnvKey,
  rateLimitIpv6PrefixFromEnv,
  reauthenticateAfterFromEnv,
  revocationDelayFromEnv,
  secretsFromEnv,
  securityLogRetentionDaysFromEnv,
  trustedProxiesFromEnv,
  trustHostFromEnv,
} from "../env"
import type { AuthConfig } from "./types"
import type { Provider, ProviderConfig } from "../providers/types"

/**
 * Fills a provider's clientId/clientSecret/issuer (oauth, oidc) or apiKey
 * (email) from AUTH_{ID}_*; explicit options win.
 */
export function applyProviderEnv(provider: Provider, env: Env): ProviderConfig {
  const resolved = typeof provider === "function" ? provider() : provider
  const key = `AUTH_${providerEnvKey(resolved.id)}`
  if (resolved.type === "oauth" || resolved.type === "oidc") {
    // Legacy (next-auth v4 docs) names without the AUTH_ prefix, e.g. GITHUB_ID, come second.
    const legacy = providerEnvKey(resolved.id)
    const read = (suffix: string) => nonEmpty(env[`${key}_${suffix}`]) ?? nonEmpty(env[`${legacy}_${suffix}`])
    return {
      ...resolved,
      clientId: resolved.clientId ?? read("ID"),
      clientSecret: resolved.clientSecret ?? read("SECRET"),
      issuer: resolved.issuer ?? read("ISSUER"),
    }
  }
  if (resolved.type === "email") {
    return { ...resolved, apiKey: resolved.apiKey ?? nonEmpty(env[`${key}_KEY`]) }
  }
  return resolved
}

/** The configuration with environment defaults filled in; the input is not changed. */
export function applyEnvDefaults(config: AuthConfig, env: Env, defaultBasePath: string): AuthConfig {
  const secret =
    config.secret !== undefined && config.secret !== "" && !(Array.isArray(config.secret) && config.secret.length === 0)
      ? config.secret
      : secretsFromEnv(env)
  return {
    ...config,
    secret,
    basePath: config.basePath ?? basePathFromEnv(env) ?? defaultBasePath,
    trustHost: config.trustHost ?? trustHostFromEnv(env),
    redirectProxyUrl: config.redirectProxyUrl ?? nonEmpty(env.AUTH_REDIRECT_PROXY_URL),
    debug: config.debug ?? parseBooleanEnv(env.AUTH_DEBUG) ?? false,
    session: { ...config.session, revocationDelay: config.session?.revocationDelay ?? revocationDelayFromEnv(env) },
    reauthenticateAfter: config.reauthenticateAfter ?? reauthenticateAfterFromEnv(env),
    access: {
      ...config.access,
      adminEmails: config.access?.adminEmails ?? [...parseAdminEmails(env.AUTH_ADMIN_EMAILS)],
      impersonationMaxAge: config.access?.impersonationMaxAge ?? impersonationMaxAgeFromEnv(env.AUTH_IMPERSONATION_MAX_AGE),
    },
    securityLog: {
      ...config.securityLog,
      retentionDays: config.securityLog?.retentionDays ?? securityLogRetentionDaysFromEnv(env),
    },
    rateLimit:
      config.rateLimit === false
        ? false
        : {
            ...config.rateLimit,
            trustedProxies: config.rateLimit?.trustedProxies ?? trustedProxiesFromEnv(env),
            ipv6Prefix: config.rateLimit?.ipv6Prefix ?? rateLimitIpv6PrefixFromEnv(env),
          },
    // `providers` defaults to [] (spec §2.2); a plain-JS config may leave it out.
    providers: (config.providers ?? []).map((p) => applyProviderEnv(p, env)),
  }
}
