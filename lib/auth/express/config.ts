/**
 * Prepares an Express configuration for the core once per (config object,
 * base path): the base path (where the middleware is mounted, checked
 * against basePath and AUTH_URL), the client address Express computed
 * (which honours its `trust proxy` setting), as the core takes it for the
 * auth routes and for getSession.
 */
import { authUrlFromEnv, type Env } from "../env"
import { BasePathMismatch } from "../errors"
import {
  assertBasePathAgreesWithEnv,
  DEFAULT_BASE_PATH,
  declaredBasePath as declaredIn,
  trimBasePath,
} from "../frameworks/shared/base-path"
import { rememberedClientAddress, withClientAddress } from "../frameworks/shared/client-address"
import { coreConfigForms } from "../frameworks/shared/config"
import type { AuthConfig } from "../config/types"

/** The configuration ExpressAuth and getSession take: the core's, without `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

export interface PreparedExpressConfig {
  handler: AuthConfig
  basePath: string
}

const prepared = new WeakMap<ExpressAuthConfig, Map<string, PreparedExpressConfig>>()

/** Where the configuration says the auth routes live: `basePath`, else the path of AUTH_URL ("/" says nothing). */
export function declaredBasePath(config: ExpressAuthConfig, env: Env): string | undefined {
  return declaredIn(config.basePath, env)
}

/**
 * Refuses, when ExpressAuth is created, a `basePath` that the path of
 * AUTH_URL contradicts: the routes would answer at one and build their
 * links with the other.
 */
export function assertDeclaredBasePath(config: ExpressAuthConfig, env: Env): void {
  assertBasePathAgreesWithEnv(config.basePath, "basePath", env)
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
  if (mountPath === undefined) return { basePath: declared ?? DEFAULT_BASE_PATH.express }
  const mounted = trimBasePath(mountPath)
  if (declared === undefined || declared === mounted) return { basePath: mounted }
  const source = config.basePath === undefined ? `the path of AUTH_URL (${authUrlFromEnv(env)})` : "basePath"
  const fix = config.basePath === undefined ? `change AUTH_URL's path to ${mounted} or leave it out` : `make basePath ${mounted}`
  return {
    mismatch: new BasePathMismatch(
      `ExpressAuth is mounted at ${mounted} but ${source} is ${declared}, so no auth route would match. Mount it at ${declared}, or ${fix}.`,
    ),
  }
}

/**
 * Where ExpressAuth found itself mounted, per config: getSession reads with
 * the configuration prepared for that base path, so the core resolves one
 * configuration for both and their sessions agree.
 */
export const learnedBasePaths = new WeakMap<ExpressAuthConfig, string>()

/** The base path getSession uses: the declared one, else the mount the middleware saw, else /auth. */
export function sessionBasePath(config: ExpressAuthConfig, env: Env): string {
  const declared = declaredBasePath(config, env)
  return declared ?? learnedBasePaths.get(config) ?? DEFAULT_BASE_PATH.express
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
  const rateLimit = withClientAddress(config.rateLimit, rememberedClientAddress, { trustedProxies: 0 })
  const { handler } = coreConfigForms(config, { basePath, rateLimit })
  const entry: PreparedExpressConfig = { handler, basePath }
  byPath.set(basePath, entry)
  return entry
}
