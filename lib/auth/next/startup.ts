/**
 * The configuration check a Next.js server runs once at boot (from the app's
 * instrumentation.ts). In production a configuration the library would refuse
 * on every request (no secret, the development secret, no public origin) stops
 * the server with one line that names the variable to set, instead of a server
 * that looks healthy while every auth route fails. It reads the config and the
 * environment; it never serves or changes anything.
 */
import { createConfigResolver } from "../config/resolve"
import type { Env } from "../config/env"
import type { AuthError } from "../errors"
import { type NextAuthConfig, prepareConfig } from "./config"

/** The first problem the library would report for every request with this config, if any. */
export function configurationProblem(config: NextAuthConfig, env: Env = process.env): AuthError | undefined {
  // A resolver of its own: the check must see `env`, not whatever the request path cached.
  const resolve = createConfigResolver({ env })
  return resolve(prepareConfig(config, env).handler).error
}

export interface StartupCheckOptions {
  env?: Env
  /** Where the one line goes; stderr by default. */
  print?: (line: string) => void
  /** What refusing to start means; exiting with status 1 by default. */
  exit?: (code: number) => void
}

/**
 * Checks the configuration once. In production a problem prints one line and
 * exits; in development it prints the same line as a warning and carries on
 * (the pages then explain it too), so a half-configured checkout still starts.
 */
export function checkAuthConfigAtStartup(config: NextAuthConfig, options: StartupCheckOptions = {}): AuthError | undefined {
  const env = options.env ?? process.env
  const print = options.print ?? ((line: string) => void process.stderr.write(`${line}\n`))
  const problem = configurationProblem(config, env)
  if (problem === undefined) return undefined
  if (env.NODE_ENV === "production") {
    print(`[auth] Refusing to start: ${problem.message}`)
    ;(options.exit ?? ((code: number) => process.exit(code)))(1)
  } else {
    print(`[auth] Warning: ${problem.message}`)
  }
  return problem
}
