/**
 * Reads the AUTH_* (and legacy NEXTAUTH_*) environment variables, one
 * function per setting. Given an Env record, never process.env directly, so
 * tests pass their own; what a configuration does with the values is
 * config/env.ts's job.
 */

/** The environment as a plain record, so tests can pass their own. */
export type Env = Record<string, string | undefined>

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value
}

/**
 * Secrets from the environment, current first: AUTH_SECRET (or its legacy
 * alias NEXTAUTH_SECRET) encrypts and signs; AUTH_SECRET_1, _2, _3 are older
 * ones that still verify. An operator rotates by moving the secret to
 * AUTH_SECRET_1 and setting a new AUTH_SECRET (docs/decisions/runtime-and-startup.md, "Secret
 * rotation order"). Unlike next-auth, the numbered ones are honoured even when
 * AUTH_SECRET is set.
 */
export function secretsFromEnv(env: Env): string[] | undefined {
  const list = [
    nonEmpty(env.AUTH_SECRET) ?? nonEmpty(env.NEXTAUTH_SECRET),
    nonEmpty(env.AUTH_SECRET_1),
    nonEmpty(env.AUTH_SECRET_2),
    nonEmpty(env.AUTH_SECRET_3),
  ].filter((s): s is string => s !== undefined)
  return list.length > 0 ? list : undefined
}

/** `AUTH_TRUST_HOST` read as a boolean: "false" and "0" mean false (next-auth treats any string as true). */
export function parseBooleanEnv(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined
  const v = value.trim().toLowerCase()
  if (v === "false" || v === "0" || v === "no" || v === "off") return false
  return true
}

export function authUrlFromEnv(env: Env): string | undefined {
  return nonEmpty(env.AUTH_URL) ?? nonEmpty(env.NEXTAUTH_URL)
}

/**
 * trustHost default: an explicit AUTH_TRUST_HOST wins; otherwise trusted when
 * the deployment URL is pinned (AUTH_URL), on platforms that set the host
 * header safely, and outside production.
 */
export function trustHostFromEnv(env: Env): boolean {
  const explicit = parseBooleanEnv(env.AUTH_TRUST_HOST)
  if (explicit !== undefined) return explicit
  return Boolean(authUrlFromEnv(env) ?? nonEmpty(env.VERCEL) ?? nonEmpty(env.CF_PAGES)) || env.NODE_ENV !== "production"
}

/**
 * AUTH_TRUSTED_PROXIES: how many proxies in front of the app append the client
 * address to X-Forwarded-For. Anything but a whole number from 0 to 10 counts
 * as 0, so a typo never makes the header trusted.
 */
export function trustedProxiesFromEnv(env: Env): number {
  const value = env.AUTH_TRUSTED_PROXIES?.trim() ?? ""
  return /^(?:[0-9]|10)$/.test(value) ? Number(value) : 0
}

/**
 * AUTH_RATE_LIMIT_IPV6_PREFIX (rateLimit.ipv6Prefix): how many leading bits of
 * an IPv6 address make one client for per-client limits. Undefined when
 * unset, NaN when it is not a whole number (the start-up check and the
 * configuration check report that by name, as they do a number out of range).
 */
export function rateLimitIpv6PrefixFromEnv(env: Env): number | undefined {
  const value = env.AUTH_RATE_LIMIT_IPV6_PREFIX?.trim().replace(/^\//, "")
  if (value === undefined || value === "") return undefined
  return /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN
}

/**
 * AUTH_REVOCATION_DELAY in seconds (session.revocationDelay); undefined when
 * unset, NaN when it is not a whole number of seconds (the configuration
 * check reports that by name).
 */
export function revocationDelayFromEnv(env: Env): number | undefined {
  const value = env.AUTH_REVOCATION_DELAY?.trim()
  if (value === undefined || value === "") return undefined
  return /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN
}

/**
 * AUTH_REAUTHENTICATE_AFTER in seconds (reauthenticateAfter); undefined when
 * unset, NaN when it is not a whole number of seconds (the start-up check and
 * the configuration check report that by name).
 */
export function reauthenticateAfterFromEnv(env: Env): number | undefined {
  const value = env.AUTH_REAUTHENTICATE_AFTER?.trim()
  if (value === undefined || value === "") return undefined
  return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
}

/**
 * AUTH_SECURITY_LOG_RETENTION_DAYS (securityLog.retentionDays); undefined
 * when unset, NaN when it is not a whole number of days of at least 1 (the
 * start-up check and the configuration check report that by name).
 */
export function securityLogRetentionDaysFromEnv(env: Env): number | undefined {
  const value = env.AUTH_SECURITY_LOG_RETENTION_DAYS?.trim()
  if (value === undefined || value === "") return undefined
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : Number.NaN
}

/** What to do with a new password when the breached-password service cannot answer. */
export type BreachedPasswordsOnError = "allow" | "refuse"

/** AUTH_BREACHED_PASSWORDS_URL: the k-anonymity range endpoint; undefined (the check is off) when unset. */
export function breachedPasswordsUrlFromEnv(env: Env): string | undefined {
  return nonEmpty(env.AUTH_BREACHED_PASSWORDS_URL?.trim())
}

/**
 * AUTH_BREACHED_PASSWORDS_ON_ERROR: "allow" (the default, also when unset) or
 * "refuse", any case; null when it is something else (the start-up check
 * reports that by name).
 */
export function breachedPasswordsOnErrorFromEnv(env: Env): BreachedPasswordsOnError | null {
  const value = env.AUTH_BREACHED_PASSWORDS_ON_ERROR?.trim().toLowerCase() ?? ""
  if (value === "") return "allow"
  return value === "allow" || value === "refuse" ? value : null
}

/** The path of AUTH_URL when it names one other than "/", e.g. https://example.com/custom/auth → /custom/auth. */
export function basePathFromEnv(env: Env): string | undefined {
  const url = authUrlFromEnv(env)
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    // "localhost:4102" parses with the scheme "localhost:" and the path "4102": not a base path.
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined
    const path = parsed.pathname.replace(/\/+$/, "")
    return path === "" ? undefined : path
  } catch {
    return undefined
  }
}

/** Upper-case snake form of a provider id: "microsoft-entra-id" → "MICROSOFT_ENTRA_ID". */
export function providerEnvKey(id: string): string {
  return id.toUpperCase().replace(/-/g, "_")
}
