/**
 * Prepares a SvelteKit configuration for the core once per config object:
 * the base path (`prefix`, checked against the path of AUTH_URL), the
 * client address SvelteKit reports, and the forms the core takes for the
 * auth routes and locals.auth(), and for the form actions.
 */
import { authUrlFromEnv, type Env } from "../env"
import { assertBasePathAgreesWithEnv, DEFAULT_BASE_PATH, declaredBasePath } from "../frameworks/shared/base-path"
import { rememberedClientAddress, withClientAddress } from "../frameworks/shared/client-address"
import { type ActionConfig, coreConfigForms } from "../frameworks/shared/config"
import type { Awaitable } from "../types"
import type { AuthConfig } from "../config/types"
import type { SvelteKitEvent } from "./event"

export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {
  /** Where the auth routes live; default /auth (or the path of AUTH_URL). `basePath` is read when it is absent. */
  prefix?: string
}

export type SvelteKitAuthConfigInput = SvelteKitAuthConfig | ((event: SvelteKitEvent) => Awaitable<SvelteKitAuthConfig>)

export interface PreparedSvelteKitConfig {
  /** For the auth routes and locals.auth(). */
  handler: AuthConfig
  /** For form actions: raw, and no CSRF token (SvelteKit checks the Origin of form posts itself). */
  action: ActionConfig
  basePath: string
  authUrl?: string
}

const memo = new WeakMap<SvelteKitAuthConfig, PreparedSvelteKitConfig>()

/**
 * Where the auth routes live: `prefix`, else `basePath`, else the path of
 * AUTH_URL, else /auth. An explicit one that the path of AUTH_URL
 * contradicts is refused: the hook would answer at one path while the app
 * and its proxy expect the other.
 */
export function resolvePrefix(config: Pick<SvelteKitAuthConfig, "prefix" | "basePath">, env: Env): string {
  const explicit = config.prefix ?? config.basePath
  assertBasePathAgreesWithEnv(explicit, config.prefix === undefined ? "basePath" : "prefix", env)
  return declaredBasePath(explicit, env) ?? DEFAULT_BASE_PATH.sveltekit
}

export function prepareConfig(config: SvelteKitAuthConfig, env: Env): PreparedSvelteKitConfig {
  const existing = memo.get(config)
  if (existing) return existing
  const { prefix: _prefix, ...rest } = config
  const basePath = resolvePrefix(config, env)
  // The adapter (e.g. adapter-node's XFF_DEPTH) decides what getClientAddress() believes,
  // so X-Forwarded-For is not read a second time unless the config asks for it.
  const rateLimit = withClientAddress(rest.rateLimit, rememberedClientAddress, { trustedProxies: 0 })
  const { handler, action } = coreConfigForms(rest, { basePath, rateLimit })
  const prepared: PreparedSvelteKitConfig = {
    handler,
    action,
    basePath,
    authUrl: authUrlFromEnv(env),
  }
  memo.set(config, prepared)
  return prepared
}

/** A getter for the prepared config: an object is prepared once, a function per request (memoised per result). */
export function configGetter(input: SvelteKitAuthConfigInput, env: Env) {
  if (typeof input !== "function") {
    const prepared = prepareConfig(input, env)
    return async (_event: SvelteKitEvent) => prepared
  }
  return async (event: SvelteKitEvent) => prepareConfig(await input(event), env)
}
