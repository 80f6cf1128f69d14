/**
 * Prepares a SvelteKit configuration for the core once per config object:
 * the base path (`prefix`, checked against the path of AUTH_URL), the
 * client address SvelteKit reports, and the raw and action forms used by
 * locals.auth() and the form actions.
 */
import { authUrlFromEnv, basePathFromEnv, type Env } from "../config/env"
import { BasePathMismatch } from "../errors"
import type { ActionConfig, RawConfig } from "../http/server-calls"
import { raw, skipCSRFCheck } from "../symbols"
import type { Awaitable, AuthConfig } from "../types"
import type { SvelteKitEvent } from "./event"

export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {
  /** Where the auth routes live; default /auth (or the path of AUTH_URL). `basePath` is read when it is absent. */
  prefix?: string
}

export type SvelteKitAuthConfigInput = SvelteKitAuthConfig | ((event: SvelteKitEvent) => Awaitable<SvelteKitAuthConfig>)

export interface PreparedSvelteKitConfig {
  handler: AuthConfig
  raw: RawConfig
  /** For form actions: raw, and no CSRF token (SvelteKit checks the Origin of form posts itself). */
  action: ActionConfig
  basePath: string
  authUrl?: string
}

/** The address of the client behind each Request handed to the core (event.getClientAddress()). */
export const clientAddresses = new WeakMap<Request, string>()

const memo = new WeakMap<SvelteKitAuthConfig, PreparedSvelteKitConfig>()

const trimmed = (path: string) => path.replace(/\/+$/, "") || "/"

/**
 * Where the auth routes live: `prefix`, else `basePath`, else the path of
 * AUTH_URL, else /auth. An explicit one that the path of AUTH_URL
 * contradicts is refused: the hook would answer at one path while the app
 * and its proxy expect the other.
 */
export function resolvePrefix(config: Pick<SvelteKitAuthConfig, "prefix" | "basePath">, env: Env): string {
  const explicit = config.prefix ?? config.basePath
  const fromEnv = basePathFromEnv(env)
  if (explicit !== undefined && fromEnv !== undefined && trimmed(explicit) !== trimmed(fromEnv)) {
    const name = config.prefix === undefined ? "basePath" : "prefix"
    throw new BasePathMismatch(
      `The path of AUTH_URL (${fromEnv}) differs from ${name} (${trimmed(explicit)}). Give them the same path, or leave the path out of AUTH_URL.`,
    )
  }
  const chosen = trimmed(explicit ?? fromEnv ?? "/auth")
  return chosen === "/" ? "/auth" : chosen
}

export function prepareConfig(config: SvelteKitAuthConfig, env: Env): PreparedSvelteKitConfig {
  const existing = memo.get(config)
  if (existing) return existing
  const { prefix: _prefix, ...rest } = config
  const basePath = resolvePrefix(config, env)
  // The adapter (e.g. adapter-node's XFF_DEPTH) decides what getClientAddress() believes,
  // so X-Forwarded-For is not read a second time unless the config asks for it.
  const rateLimit =
    rest.rateLimit === false
      ? false
      : {
          ...rest.rateLimit,
          trustedProxies: rest.rateLimit?.trustedProxies ?? 0,
          socketAddress: rest.rateLimit?.socketAddress ?? ((request: Request) => clientAddresses.get(request)),
        }
  const handler: AuthConfig = { ...rest, basePath, rateLimit }
  const prepared: PreparedSvelteKitConfig = {
    handler,
    raw: { ...handler, raw },
    action: { ...handler, raw, skipCSRFCheck },
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
