/**
 * The configuration check a Next.js server runs once at boot (from the app's
 * instrumentation.ts). In production a configuration the library would refuse
 * on every request (no secret, the development secret, no public origin) stops
 * the server with one line that names the variable to set, instead of a server
 * that looks healthy while every auth route fails. A variable that is set but
 * malformed (AUTH_URL=localhost:4102) stops it in development too, one line per
 * variable; the app adds checks of its own variables (see config/env-check).
 * Providers whose variables are unset are named all at once: production
 * refuses to start, development leaves them off with one warning.
 * It reads the config and the environment; it never serves or changes anything.
 */
import { createConfigResolver } from "../config/resolve"
import type { Env } from "../env"
import { environmentProblems, type EnvironmentCheck } from "../config/env-check"
import { type AuthError, type InvalidEnvironmentVariable, ProviderUnavailable } from "../errors"
import { type MissingProviderVariables, missingVariablesSummary, withMissingVariables } from "../config/provider-problems"
import { type NextAuthConfig, prepareConfig } from "./config"

/** The first problem the library would report for every request with this config, if any. */
export function configurationProblem(config: NextAuthConfig, env: Env = process.env): AuthError | undefined {
  return resolveForCheck(config, env).error
}

function resolveForCheck(config: NextAuthConfig, env: Env) {
  // A resolver of its own: the check must see `env`, not whatever the request path cached.
  const resolve = createConfigResolver({ env })
  return resolve(prepareConfig(config, env).handler)
}

export interface StartupCheckOptions {
  env?: Env
  /** Where the one line goes; stderr by default. */
  print?: (line: string) => void
  /** What refusing to start means; exiting with status 1 by default. */
  exit?: (code: number) => void
  /** The app's checks of its own variables, run after the library's (AUTH_URL, AUTH_{ID}_ISSUER). */
  checks?: readonly EnvironmentCheck[]
  /**
   * Providers the app left out of the configuration because some of their
   * variables are set and others not (the starter's table): named in the same
   * line as the library's own, and refused in production the same way.
   */
  unconfiguredProviders?: readonly MissingProviderVariables[]
}

function printer(options: StartupCheckOptions): (line: string) => void {
  return options.print ?? ((line: string) => void process.stderr.write(`${line}\n`))
}

/**
 * Checks the form of the environment variables, the library's and the app's.
 * Any problem stops the server, in development as well: a malformed value has
 * no sensible fallback, and carrying on would turn it into an error on every
 * request. Prints one line per variable, naming it with a correct example.
 */
export function checkEnvironmentAtStartup(options: StartupCheckOptions = {}): InvalidEnvironmentVariable[] {
  const problems = environmentProblems(options.env ?? process.env, options.checks)
  if (problems.length === 0) return problems
  const print = printer(options)
  for (const problem of problems) print(`[auth] Refusing to start: ${problem.message}`)
  ;(options.exit ?? ((code: number) => process.exit(code)))(1)
  return problems
}

/**
 * The start-up lines for the providers that cannot be used: one naming every
 * unset variable of every provider at once, then one per provider with any
 * other mistake, worded for production (refusal) or development (carry on).
 */
function providerLines(
  problems: readonly ProviderUnavailable[],
  fromApp: readonly MissingProviderVariables[],
  production: boolean,
): string[] {
  const lines: string[] = []
  const missing = missingVariablesSummary([...withMissingVariables(problems), ...fromApp])
  if (missing !== undefined) {
    lines.push(
      production
        ? `[auth] Refusing to start: sign-in providers are missing environment variables: ${missing}. Set them, or remove those providers from the configuration.`
        : `[auth] Warning: sign-in providers are missing environment variables: ${missing}. They are left off the sign-in page until these are set.`,
    )
  }
  for (const problem of problems) {
    if (problem.code === "provider_credentials_missing") continue
    lines.push(
      production
        ? `[auth] Refusing to start: ${problem.message}`
        : `[auth] Error: ${problem.message} Its sign-in is off until this is fixed.`,
    )
  }
  return lines
}

/**
 * Checks the configuration once. In production a problem prints one line and
 * exits; in development it prints the same line as a warning and carries on
 * (the pages then explain it too), so a half-configured checkout still starts.
 * Providers that cannot be used are all reported in the same pass: production
 * refuses to start; development leaves them off and says which variables to set.
 */
export function checkAuthConfigAtStartup(config: NextAuthConfig, options: StartupCheckOptions = {}): AuthError | undefined {
  const malformed = checkEnvironmentAtStartup(options)
  if (malformed.length > 0) return malformed[0]
  const env = options.env ?? process.env
  const print = printer(options)
  const production = env.NODE_ENV === "production"
  const resolved = resolveForCheck(config, env)
  const problem = resolved.error
  const providers = [...resolved.providerProblems.values()]
  const fromApp = (options.unconfiguredProviders ?? []).filter((p) => p.variables.length > 0)
  if (problem === undefined && providers.length === 0 && fromApp.length === 0) return undefined
  if (problem !== undefined) print(`[auth] ${production ? "Refusing to start" : "Warning"}: ${problem.message}`)
  for (const line of providerLines(providers, fromApp, production)) print(line)
  if (production) (options.exit ?? ((code: number) => process.exit(code)))(1)
  return problem ?? providers[0] ?? (fromApp[0] && appReportedProblem(fromApp[0]))
}

/** A provider the app left out, as the error the check returns for it. */
function appReportedProblem({ providerId, variables }: MissingProviderVariables): ProviderUnavailable {
  return new ProviderUnavailable(providerId, "provider_credentials_missing", `The provider "${providerId}" is not configured: set ${variables.join(", ")}.`, variables)
}
