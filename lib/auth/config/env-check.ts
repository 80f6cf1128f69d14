/**
 * Checks the form of the environment variables the library reads as URLs
 * (AUTH_URL, the providers' AUTH_{ID}_ISSUER), so a value that is set but
 * unusable is reported once, at start-up, by name and with a correct example,
 * rather than surfacing as a failure on every request. An app checks its own
 * variables with the same mechanism: `urlVariableProblem` for a URL, or any
 * `EnvironmentCheck` of its own, passed to the start-up check.
 */
import { MIN_REAUTHENTICATE_AFTER } from "./defaults"
import { InvalidEnvironmentVariable } from "../errors"
import {
  breachedPasswordsOnErrorFromEnv,
  breachedPasswordsUrlFromEnv,
  type Env,
  rateLimitIpv6PrefixFromEnv,
  reauthenticateAfterFromEnv,
  securityLogRetentionDaysFromEnv,
} from "../env"
import { isIpv6PrefixLength } from "../rate-limit/ip-address"
import { impersonationMaxAgeFromEnv, MAX_IMPERSONATION_SECONDS } from "../access/user-access"

/** One check: the problems it finds in the environment (an empty list when all is well). */
export type EnvironmentCheck = (env: Env) => InvalidEnvironmentVariable[]

export interface UrlVariableRule {
  /** Schemes accepted, without the colon: ["http", "https"]. */
  protocols: readonly string[]
  /** A correct value, shown in the message: "https://app.example.com". */
  example: string
  /** What the value is, for the message: "the site's public URL". */
  what: string
  /** Whether a query string or fragment is allowed; false for origins and issuers. */
  allowQuery?: boolean
}

function describeValue(value: string): string {
  // Enough to recognise the typo; a long value (or one with a password in it) is cut.
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value
  return JSON.stringify(shown.replace(/\/\/([^/@:]*):[^@/]*@/, "//$1:***@"))
}

/**
 * The problem with one URL variable, or undefined when it is unset or usable.
 * The message names the variable, says what is wrong and shows the example.
 */
export function urlVariableProblem(variable: string, value: string | undefined, rule: UrlVariableRule): InvalidEnvironmentVariable | undefined {
  if (value === undefined || value.trim() === "") return undefined
  const schemes = rule.protocols.map((p) => `${p}://`).join(" or ")
  const fail = (why: string) =>
    new InvalidEnvironmentVariable(
      variable,
      `${variable} is set to ${describeValue(value)}, which ${why}. It must be ${rule.what}, starting with ${schemes}, e.g. ${variable}=${rule.example}`,
    )
  // "localhost:4102" would parse as the scheme "localhost:" with the path "4102".
  if (!value.includes("://")) return fail("has no scheme")
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return fail("is not a valid URL")
  }
  const protocol = url.protocol.slice(0, -1).toLowerCase()
  if (!rule.protocols.includes(protocol)) return fail(`has the scheme "${protocol}://"`)
  if (url.hostname === "") return fail("has no host name")
  if (!rule.allowQuery && (url.search !== "" || url.hash !== "")) return fail("has a query string or fragment")
  return undefined
}

/** AUTH_URL (or the legacy NEXTAUTH_URL, whichever is read): an http(s) URL with a host. */
export function authUrlProblem(env: Env): InvalidEnvironmentVariable | undefined {
  const variable = env.AUTH_URL ? "AUTH_URL" : "NEXTAUTH_URL"
  return urlVariableProblem(variable, env[variable], {
    protocols: ["http", "https"],
    example: "https://app.example.com (or http://localhost:3000 in development)",
    what: "the site's public URL",
  })
}

/** The issuer variable the library reads for a provider id (see applyProviderEnv). */
export function issuerVariable(providerEnvKey: string): string {
  return `AUTH_${providerEnvKey}_ISSUER`
}

/**
 * Every AUTH_{ID}_ISSUER that is set: the issuer URL of an OAuth/OIDC provider.
 * All of them, not only enabled providers', since a provider whose other
 * variables are still missing will read this one as soon as they are set.
 */
export function issuerProblems(env: Env): InvalidEnvironmentVariable[] {
  const problems: InvalidEnvironmentVariable[] = []
  for (const name of Object.keys(env).sort()) {
    if (!/^AUTH_[A-Z0-9_]+_ISSUER$/.test(name)) continue
    const problem = urlVariableProblem(name, env[name], {
      protocols: ["https", "http"],
      example: "https://idp.example.com/realms/main",
      what: "the identity provider's issuer URL",
    })
    if (problem) problems.push(problem)
  }
  return problems
}

/** AUTH_REAUTHENTICATE_AFTER: a whole number of seconds, when set. */
export function reauthenticateAfterProblem(env: Env): InvalidEnvironmentVariable | undefined {
  const value = reauthenticateAfterFromEnv(env)
  if (value === undefined || (Number.isFinite(value) && value >= MIN_REAUTHENTICATE_AFTER)) return undefined
  return new InvalidEnvironmentVariable(
    "AUTH_REAUTHENTICATE_AFTER",
    `AUTH_REAUTHENTICATE_AFTER is set to ${describeValue(env.AUTH_REAUTHENTICATE_AFTER ?? "")}, which is not a whole number of seconds of at least ${MIN_REAUTHENTICATE_AFTER}. It must be how long a sign-in counts as recent for sensitive actions, e.g. AUTH_REAUTHENTICATE_AFTER=600`,
  )
}

/** AUTH_SECURITY_LOG_RETENTION_DAYS: a whole number of days, 1 or more, when set. */
export function securityLogRetentionProblem(env: Env): InvalidEnvironmentVariable | undefined {
  const value = securityLogRetentionDaysFromEnv(env)
  if (value === undefined || Number.isFinite(value)) return undefined
  return new InvalidEnvironmentVariable(
    "AUTH_SECURITY_LOG_RETENTION_DAYS",
    `AUTH_SECURITY_LOG_RETENTION_DAYS is set to ${describeValue(env.AUTH_SECURITY_LOG_RETENTION_DAYS ?? "")}, which is not a whole number of days of at least 1. It must be how long security log entries are kept, e.g. AUTH_SECURITY_LOG_RETENTION_DAYS=90`,
  )
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * AUTH_BREACHED_PASSWORDS_URL, when set: the range endpoint, https (plain
 * http only on this machine, for a local mirror: an answer anyone on the path
 * can rewrite would let them pass or refuse every password).
 */
export function breachedPasswordsUrlProblem(env: Env): InvalidEnvironmentVariable | undefined {
  const value = breachedPasswordsUrlFromEnv(env)
  const rule = {
    protocols: ["https", "http"],
    example: "https://api.pwnedpasswords.com/range",
    what: "the k-anonymity range endpoint (the SHA-1 prefix is appended to it)",
  }
  const problem = urlVariableProblem("AUTH_BREACHED_PASSWORDS_URL", value, rule)
  if (problem || value === undefined) return problem
  const url = new URL(value)
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    return new InvalidEnvironmentVariable(
      "AUTH_BREACHED_PASSWORDS_URL",
      `AUTH_BREACHED_PASSWORDS_URL is set to ${describeValue(value)}, which uses plain http to another machine. It must be ${rule.what}, starting with https:// (http:// only for localhost), e.g. AUTH_BREACHED_PASSWORDS_URL=${rule.example}`,
    )
  }
  return undefined
}

/** AUTH_BREACHED_PASSWORDS_ON_ERROR: allow or refuse, when set. */
export function breachedPasswordsOnErrorProblem(env: Env): InvalidEnvironmentVariable | undefined {
  if (breachedPasswordsOnErrorFromEnv(env) !== null) return undefined
  return new InvalidEnvironmentVariable(
    "AUTH_BREACHED_PASSWORDS_ON_ERROR",
    `AUTH_BREACHED_PASSWORDS_ON_ERROR is set to ${describeValue(env.AUTH_BREACHED_PASSWORDS_ON_ERROR ?? "")}, which is neither "allow" nor "refuse". It must say what happens to a new password when the breached-password service cannot answer, e.g. AUTH_BREACHED_PASSWORDS_ON_ERROR=allow`,
  )
}

/** AUTH_RATE_LIMIT_IPV6_PREFIX: a prefix length from 32 to 128, when set. */
export function rateLimitIpv6PrefixProblem(env: Env): InvalidEnvironmentVariable | undefined {
  const value = rateLimitIpv6PrefixFromEnv(env)
  if (value === undefined || isIpv6PrefixLength(value)) return undefined
  return new InvalidEnvironmentVariable(
    "AUTH_RATE_LIMIT_IPV6_PREFIX",
    `AUTH_RATE_LIMIT_IPV6_PREFIX is set to ${describeValue(env.AUTH_RATE_LIMIT_IPV6_PREFIX ?? "")}, which is not a prefix length from 32 to 128. It must be how many leading bits of an IPv6 address make one client for rate limits, e.g. AUTH_RATE_LIMIT_IPV6_PREFIX=64`,
  )
}

/** AUTH_IMPERSONATION_MAX_AGE: whole seconds from 60 to 3600, when set (a typo must not silently mean an hour). */
export function impersonationMaxAgeProblem(env: Env): InvalidEnvironmentVariable | undefined {
  const raw = env.AUTH_IMPERSONATION_MAX_AGE?.trim()
  if (raw === undefined || raw === "") return undefined
  const value = impersonationMaxAgeFromEnv(raw)
  if (value !== undefined && value >= 60 && value <= MAX_IMPERSONATION_SECONDS) return undefined
  return new InvalidEnvironmentVariable(
    "AUTH_IMPERSONATION_MAX_AGE",
    `AUTH_IMPERSONATION_MAX_AGE is set to ${describeValue(raw)}, which is not a whole number of seconds from 60 to ${MAX_IMPERSONATION_SECONDS}. It must be how long an administrator's impersonation of a user may last, e.g. AUTH_IMPERSONATION_MAX_AGE=1800`,
  )
}

/** The library's own checks, in the order they are reported. */
export const libraryEnvironmentChecks: readonly EnvironmentCheck[] = [
  (env) => {
    const problem = authUrlProblem(env)
    return problem ? [problem] : []
  },
  issuerProblems,
  (env) => {
    const problem = reauthenticateAfterProblem(env)
    return problem ? [problem] : []
  },
  (env) => {
    const problem = securityLogRetentionProblem(env)
    return problem ? [problem] : []
  },
  (env) => {
    const problem = impersonationMaxAgeProblem(env)
    return problem ? [problem] : []
  },
  (env) => {
    const problem = breachedPasswordsUrlProblem(env)
    return problem ? [problem] : []
  },
  (env) => {
    const problem = breachedPasswordsOnErrorProblem(env)
    return problem ? [problem] : []
  },
  (env) => {
    const problem = rateLimitIpv6PrefixProblem(env)
    return problem ? [problem] : []
  },
]

/** The problems the library's checks and the app's own find, library first, one per variable. */
export function environmentProblems(env: Env, appChecks: readonly EnvironmentCheck[] = []): InvalidEnvironmentVariable[] {
  const seen = new Set<string>()
  return [...libraryEnvironmentChecks, ...appChecks]
    .flatMap((check) => check(env))
    .filter((problem) => (seen.has(problem.variable) ? false : (seen.add(problem.variable), true)))
}
