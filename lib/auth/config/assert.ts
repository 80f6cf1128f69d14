/**
 * Checks a configuration once, when it is resolved, and returns the first
 * problem as a typed error whose message names the fix. It never throws and
 * never reads the environment. A problem of one provider alone is not one of
 * these (see provider-problems.ts).
 */
import { MIN_REAUTHENTICATE_AFTER } from "./defaults"
import { accountMethods, emailMethods, sessionMethods, webauthnMethods } from "../adapters/capabilities"
import { DEV_SECRET_PREFIX, GENERATE_SECRET_COMMAND } from "../constants"
import { isIpv6PrefixLength } from "../rate-limit/ip-address"
import {
  type AuthError,
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  InvalidEnvironmentVariable,
  MissingAdapter,
  MissingAdapterMethods,
  MissingSecretError,
  MissingWebAuthnAutocomplete,
  UnsupportedStrategy,
  UntrustedHost,
} from "../errors"
import type { Adapter } from "../adapters/types"
import type { AuthConfig } from "./types"
import type { ProviderConfig, WebAuthnProviderConfig } from "../providers/types"

type AdapterMethod = keyof Adapter

/** The adapter methods this configuration will call, derived from its strategy and providers. */
export function requiredAdapterMethods(strategy: "jwt" | "database", providers: ProviderConfig[]): AdapterMethod[] {
  const needed = new Set<AdapterMethod>()
  if (strategy === "database") sessionMethods.forEach((m) => needed.add(m))
  for (const p of providers) {
    if (p.type === "oauth" || p.type === "oidc") accountMethods.forEach((m) => needed.add(m))
    if (p.type === "email") emailMethods.forEach((m) => needed.add(m))
    if (p.type === "webauthn") webauthnMethods.forEach((m) => needed.add(m))
  }
  return [...needed]
}

interface AssertInput {
  config: AuthConfig
  providers: ProviderConfig[]
  strategy: unknown
  production: boolean
}

/**
 * Checks a configuration once. Returns the first problem as a typed error whose
 * message names the fix, or undefined when the configuration is usable.
 */
export function assertConfig({ config, providers, strategy, production }: AssertInput): AuthError | undefined {
  const secrets = config.secret
  const usable = (s: unknown) => typeof s === "string" && s !== ""
  if (secrets === undefined || (Array.isArray(secrets) ? secrets.length === 0 || !secrets.every(usable) : !usable(secrets))) {
    return new MissingSecretError(
      production
        ? `AUTH_SECRET is not set. Production needs a secret: generate one with \`${GENERATE_SECRET_COMMAND}\` and set AUTH_SECRET.`
        : `No secret: set AUTH_SECRET (generate one with \`${GENERATE_SECRET_COMMAND}\`) or pass \`secret\` in the configuration.`,
    )
  }
  const secretList = typeof secrets === "string" ? [secrets] : secrets
  if (production && secretList.some((s) => s.startsWith(DEV_SECRET_PREFIX))) {
    return new MissingSecretError(
      `AUTH_SECRET is a development secret (it starts with "${DEV_SECRET_PREFIX}"). Production needs its own: generate one with \`${GENERATE_SECRET_COMMAND}\` and set AUTH_SECRET in the production environment.`,
    )
  }
  if (config.trustHost !== true) {
    return new UntrustedHost(
      "AUTH_URL is not set, and the Host header is not trusted in production. Set AUTH_URL to the site's public URL (e.g. AUTH_URL=https://app.example.com), or AUTH_TRUST_HOST=true when a proxy you control sets the Host / X-Forwarded-Host headers.",
    )
  }
  if (strategy !== "jwt" && strategy !== "database") {
    return new UnsupportedStrategy(`session.strategy must be "jwt" or "database", got ${JSON.stringify(strategy)}.`)
  }
  const revocationDelay = config.session?.revocationDelay
  if (revocationDelay !== undefined && !(Number.isFinite(revocationDelay) && revocationDelay >= 0)) {
    return new InvalidEnvironmentVariable(
      "AUTH_REVOCATION_DELAY",
      "AUTH_REVOCATION_DELAY (session.revocationDelay) must be a whole number of seconds, 0 or more, e.g. AUTH_REVOCATION_DELAY=60.",
    )
  }
  const reauthenticateAfter = config.reauthenticateAfter
  // Below a minute the proof a user just gave is stale again before they are back at the action,
  // and the re-authenticate page would send them round in a loop.
  if (
    reauthenticateAfter !== undefined &&
    !(Number.isFinite(reauthenticateAfter) && reauthenticateAfter >= MIN_REAUTHENTICATE_AFTER)
  ) {
    return new InvalidEnvironmentVariable(
      "AUTH_REAUTHENTICATE_AFTER",
      `AUTH_REAUTHENTICATE_AFTER (reauthenticateAfter) must be a whole number of seconds, ${MIN_REAUTHENTICATE_AFTER} or more, e.g. AUTH_REAUTHENTICATE_AFTER=600.`,
    )
  }
  const retentionDays = config.securityLog?.retentionDays
  if (retentionDays !== undefined && !(Number.isInteger(retentionDays) && retentionDays >= 1)) {
    return new InvalidEnvironmentVariable(
      "AUTH_SECURITY_LOG_RETENTION_DAYS",
      "AUTH_SECURITY_LOG_RETENTION_DAYS (securityLog.retentionDays) must be a whole number of days, 1 or more, e.g. AUTH_SECURITY_LOG_RETENTION_DAYS=90.",
    )
  }
  const ipv6Prefix = config.rateLimit === false ? undefined : config.rateLimit?.ipv6Prefix
  if (ipv6Prefix !== undefined && !isIpv6PrefixLength(ipv6Prefix)) {
    return new InvalidEnvironmentVariable(
      "AUTH_RATE_LIMIT_IPV6_PREFIX",
      "AUTH_RATE_LIMIT_IPV6_PREFIX (rateLimit.ipv6Prefix) must be a prefix length from 32 to 128, e.g. AUTH_RATE_LIMIT_IPV6_PREFIX=64.",
    )
  }
  const absoluteMaxAge = config.session?.absoluteMaxAge
  if (absoluteMaxAge !== undefined && !(Number.isFinite(absoluteMaxAge) && absoluteMaxAge > 0)) {
    return new UnsupportedStrategy("session.absoluteMaxAge must be a number of seconds greater than 0, e.g. 30 * 24 * 60 * 60.")
  }

  const seen = new Set<string>()
  for (const p of providers) {
    if (!p.id || typeof p.id !== "string") return new InvalidEndpoints("Every provider needs a string `id`.")
    if (seen.has(p.id)) return new InvalidEndpoints(`Two providers share the id "${p.id}"; give each a unique id.`)
    seen.add(p.id)
    // One provider's own configuration (credentials, URLs, authorize) is checked apart, in
    // provider-problems.ts: it turns off that provider only, never the whole configuration.
    if (p.type === "webauthn" && config.experimental?.enableWebAuthn !== true) {
      return new ExperimentalFeatureNotEnabled(
        `The ${p.id} provider uses WebAuthn, which is experimental: set \`experimental: { enableWebAuthn: true }\` to use it.`,
      )
    }
  }
  const webauthnError = assertWebAuthnProviders(providers)
  if (webauthnError) return webauthnError

  // OAuth without an adapter is allowed (jwt strategy): the profile becomes the session's user.
  const needed = requiredAdapterMethods(
    strategy,
    config.adapter ? providers : providers.filter((p) => p.type !== "oauth" && p.type !== "oidc"),
  )
  if (needed.length > 0) {
    const adapter = config.adapter
    if (!adapter) {
      const why = strategy === "database" ? 'session.strategy "database"' : "an email or OAuth/WebAuthn provider"
      return new MissingAdapter(`${why} needs a database adapter: pass \`adapter\` in the configuration.`)
    }
    const missing = needed.filter((m) => typeof adapter[m] !== "function")
    if (missing.length > 0) {
      return new MissingAdapterMethods(`The adapter lacks methods this configuration needs: ${missing.join(", ")}.`)
    }
  }
  return undefined
}

/** Conditional UI (passkeys in autofill) can drive one provider, through a field marked for it. */
function assertWebAuthnProviders(providers: ProviderConfig[]): AuthError | undefined {
  const conditional = providers.filter(
    (p): p is WebAuthnProviderConfig => p.type === "webauthn" && (p as WebAuthnProviderConfig).enableConditionalUI,
  )
  if (conditional.length > 1) {
    return new DuplicateConditionalUI(
      `Only one WebAuthn provider can have enableConditionalUI; ${conditional.map((p) => p.id).join(", ")} all do.`,
    )
  }
  const [provider] = conditional
  if (provider && !Object.values(provider.formFields ?? {}).some((f) => /\bwebauthn\b/.test(f.autocomplete ?? ""))) {
    return new MissingWebAuthnAutocomplete(
      `The ${provider.id} provider enables conditional UI, so one of its formFields needs "webauthn" in its autocomplete (e.g. "username webauthn").`,
    )
  }
  return undefined
}
