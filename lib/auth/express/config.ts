/**
 * Prepares an Express configuration for the core once per (config object,
 * base path): the base path, the client address Express computed (which
 * honours its `trust proxy` setting), and the raw form used by getSession.
 */
import { basePathFromEnv, type Env } from "../config/env"
import type { RawConfig } from "../http/server-calls"
import { raw } from "../symbols"
import type { AuthConfig } from "../types"

/** The configuration ExpressAuth and getSession take: the core's, without `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

export interface PreparedExpressConfig {
  handler: AuthConfig
  raw: RawConfig
  basePath: string
}

/**
 * The address of the client that sent each Request the middleware built:
 * Express's req.ip, which follows `trust proxy`. The core asks for it by
 * Request (rate limits); entries die with the Request.
 */
export const clientAddresses = new WeakMap<Request, string>()

const prepared = new WeakMap<ExpressAuthConfig, Map<string, PreparedExpressConfig>>()

/** config.basePath, else the path of AUTH_URL, else where the middleware is mounted, else /auth. */
export function chooseBasePath(config: ExpressAuthConfig, env: Env, mountPath: string | undefined): string {
  const chosen = config.basePath ?? basePathFromEnv(env) ?? mountPath ?? "/auth"
  return chosen.replace(/\/+$/, "") || "/auth"
}

export function prepareConfig(config: ExpressAuthConfig, basePath: string): PreparedExpressConfig {
  let byPath = prepared.get(config)
  if (!byPath) {
    byPath = new Map()
    prepared.set(config, byPath)
  }
  const existing = byPath.get(basePath)
  if (existing) return existing
  // Express's `trust proxy` is the one place proxies are declared: req.ip already honours it,
  // so X-Forwarded-For is not read a second time unless the config asks for it explicitly.
  const rateLimit =
    config.rateLimit === false
      ? false
      : {
          ...config.rateLimit,
          trustedProxies: config.rateLimit?.trustedProxies ?? 0,
          socketAddress: config.rateLimit?.socketAddress ?? ((request: Request) => clientAddresses.get(request)),
        }
  const handler: AuthConfig = { ...config, basePath, rateLimit }
  const entry: PreparedExpressConfig = { handler, raw: { ...handler, raw }, basePath }
  byPath.set(basePath, entry)
  return entry
}
