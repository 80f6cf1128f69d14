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

/** What the environment says of one provider: AUTH_{ID}_ID/_SECRET/_ISSUER/_KEY, only those set. */
interface ProviderEnvValues {
  clientId?: string
  clientSecret?: string
  issuer?: string
  apiKey?: string
}

function providerEnvValues(id: string, type: ProviderConfig["type"], env: Env): ProviderEnvValues {
  const key = `AUTH_${providerEnvKey(id)}`
  // Legacy (next-auth v4 docs) names without the AUTH_ prefix, e.g. GITHUB_ID, come second, for OAuth only.
  const legacy = type === "oauth" || type === "oidc" ? providerEnvKey(id) : undefined
  const read = (suffix: string) => nonEmpty(env[`${key}_${suffix}`]) ?? (legacy ? nonEmpty(env[`${legacy}_${suffix}`]) : undefined)
  const values: ProviderEnvValues = { clientId: read("ID"), clientSecret: read("SECRET"), issuer: read("ISSUER"), apiKey: nonEmpty(env[`${key}_KEY`]) }
  // Unset ones are left out, so a factory's own defaults stand.
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as ProviderEnvValues
}

type Factory = Extract<Provider, (...args: never[]) => unknown>

/**
 * A factory's id and type: from a call with no options, or, for a factory
 * that cannot be built without its server's address (Mastodon, Nextcloud),
 * from the `identity` it declares, so it may still be listed uncalled.
 */
function identify(factory: Factory): { id: string; type: ProviderConfig["type"]; built?: ProviderConfig } {
  const declared = (factory as { identity?: { id?: unknown; type?: unknown } }).identity
  if (declared && typeof declared.id === "string" && typeof declared.type === "string") {
    return { id: declared.id, type: declared.type as ProviderConfig["type"] }
  }
  const built = factory() as ProviderConfig
  return { id: built.id, type: built.type, built }
}

/**
 * Fills a provider's clientId/clientSecret/issuer (oauth, oidc) or apiKey
 * (email) from AUTH_{ID}_*. A provider passed as a factory (next-auth's
 * `providers: [MicrosoftEntraID]`) is called with those values, so the
 * factory builds from them what it builds from options (Entra ID: the tenant
 * from the issuer); its id is learnt from a first call with no options, as
 * next-auth does. A provider passed called keeps what it was given: the
 * values only fill what is still unset.
 */
export function applyProviderEnv(provider: Provider, env: Env): ProviderConfig {
  let resolved: ProviderConfig
  let values: ProviderEnvValues
  if (typeof provider === "function") {
    const probe = identify(provider)
    values = providerEnvValues(probe.id, probe.type, env)
    resolved = probe.built && Object.keys(values).length === 0 ? probe.built : (provider({ ...values }) as ProviderConfig)
  } else {
    resolved = provider
    values = providerEnvValues(resolved.id, resolved.type, env)
  }
  if (resolved.type === "oauth" || resolved.type === "oidc") {
    return {
      ...resolved,
      clientId: resolved.clientId ?? values.clientId,
      clientSecret: resolved.clientSecret ?? values.clientSecret,
      issuer: resolved.issuer ?? values.issuer,
    }
  }
  if (resolved.type === "email") {
    return { ...resolved, apiKey: resolved.apiKey ?? values.apiKey }
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
