/**
 * Prepares an Express configuration for the core once per (config object,
 * base path): the base path (where the middleware is mounted, checked
 * against basePath and AUTH_URL), the client address Express computed
 * (which honours its `trust proxy` setting), and the raw form used by
 * getSession.
 */
import { authUrlFromEnv, basePathFromEnv, type Env } from "../config/env"
import { BasePathMismatch } from "../errors"
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

function trimmed(path: string): string {
  return path.replace(/\/+$/, "") || "/"
}

/** Where the configuration says the auth routes live: `basePath`, else the path of AUTH_URL ("/" says nothing). */
export function declaredBasePath(config: ExpressAuthConfig, env: Env): string | undefined {
  const path = config.basePath ?? basePathFromEnv(env)
  return path === undefined || trimmed(path) === "/" ? undefined : trimmed(path)
}

/**
 * Refuses, when ExpressAuth is created, a `basePath` that the path of
 * AUTH_URL contradicts: the routes would answer at one and build their
 * links with the other.
 */
export function assertDeclaredBasePath(config: ExpressAuthConfig, env: Env): void {
  const fromEnv = basePathFromEnv(env)
  if (config.basePath === undefined || fromEnv === undefined || trimmed(config.basePath) === trimmed(fromEnv)) return
  throw new BasePathMismatch(
    `The path of AUTH_URL (${fromEnv}) differs from basePath (${trimmed(config.basePath)}). Give them the same path, or leave the path out of AUTH_URL.`,
  )
}

/**
 * The base path of a request: where the middleware is mounted (req.baseUrl),
 * which must agree with a declared one; when mounted at the root, the
 * declared one, else /auth. A disagreement is returned as the error to log.
 */
export function requestBasePath(
  config: ExpressAuthConfig,
  env: Env,
  mountPath: string | undefined,
): { basePath: string } | { mismatch: BasePathMismatch } {
  const declared = declaredBasePath(config, env)
  if (mountPath === undefined) return { basePath: declared ?? "/auth" }
  const mounted = trimmed(mountPath)
  if (declared === undefined || declared === mounted) return { basePath: mounted }
  const source = config.basePath === undefined ? `the path of AUTH_URL (${authUrlFromEnv(env)})` : "basePath"
  const fix = config.basePath === undefined ? `change AUTH_URL's path to ${mounted} or leave it out` : `make basePath ${mounted}`
  return {
    mismatch: new BasePathMismatch(
      `ExpressAuth is mounted at ${mounted} but ${source} is ${declared}, so no auth route would match. Mount it at ${declared}, or ${fix}.`,
    ),
  }
}

/** Where ExpressAuth found itself mounted, per config: getSession builds its internal request with it. */
export const learnedBasePaths = new WeakMap<ExpressAuthConfig, string>()

/** The base path getSession uses: the declared one, else the mount the middleware saw, else /auth. */
export function sessionBasePath(config: ExpressAuthConfig, env: Env): string {
  const declared = declaredBasePath(config, env)
  return declared ?? learnedBasePaths.get(config) ?? "/auth"
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
