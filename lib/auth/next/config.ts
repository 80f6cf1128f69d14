/**
 * Prepares a Next.js configuration for the core once per config object: base
 * path, trustHost, AUTH_URL, the three forms the core is called with, and the
 * origin of a request. It holds no per-request state.
 */
import type { NextRequest } from "next/server"
import { authUrlFromEnv, type Env, trustHostFromEnv } from "../env"
import { DEFAULT_BASE_PATH, declaredBasePath } from "../frameworks/shared/base-path"
import { withClientAddress } from "../frameworks/shared/client-address"
import { type ActionConfig, coreConfigForms } from "../frameworks/shared/config"
import { type HeaderSource, originResolver } from "../http/origin"
import { socketAddressFromHeaders } from "./socket-address"
import type { Awaitable, Session } from "../types"
import type { AuthConfig, CallbacksOptions } from "../config/types"

export interface AuthorizedParams {
  auth: Session | null
  request: NextRequest
}

export interface NextAuthConfig extends Omit<AuthConfig, "raw" | "callbacks"> {
  callbacks?: Partial<CallbacksOptions> & {
    /**
     * Run by the middleware guard. true allows the request; a falsy value sends
     * the user to the sign-in page with callbackUrl set; a Response replaces
     * the default (e.g. a 401 JSON for /api routes).
     */
    authorized?: (params: AuthorizedParams) => Awaitable<boolean | Response | null | undefined>
  }
  /**
   * Organizations: the slug of the organization a page path belongs to (e.g. /o/acme →
   * "acme"), null for any other path. The middleware's session read of such a GET then includes the
   * user's membership of it (database strategy: in the same one statement), and
   * `organizations.bySlug` on that page takes it from the handover instead of querying again.
   */
  organizationPage?: (pathname: string) => string | null | undefined
}

export type NextAuthConfigInput = NextAuthConfig | ((request?: NextRequest) => Awaitable<NextAuthConfig>)

/** The forms of one configuration the Next.js layer hands to the core; built once per config object. */
export interface PreparedConfig {
  config: NextAuthConfig
  /** For route handlers and session reads. */
  handler: AuthConfig
  /** For server actions: raw, and no CSRF check (server actions are same-origin POSTs checked by Next). */
  action: ActionConfig
  basePath: string
  trustHost: boolean
  authUrl?: string
  /**
   * Where the app is reached from outside for a request with these headers:
   * AUTH_URL, else (with trustHost) the forwarded headers, else Host, else
   * `fallback` (the URL the framework built for the request).
   */
  origin(headers: HeaderSource, fallback?: string): string
}

/**
 * Where the auth routes live: `basePath` from the config, else the path of
 * AUTH_URL, else /api/auth. The app builds its links to the auth routes from
 * this too, so the base path is set in one place.
 */
export function resolveBasePath(config: Pick<NextAuthConfig, "basePath">, env: Env): string {
  return declaredBasePath(config.basePath, env) ?? DEFAULT_BASE_PATH.next
}

export function prepareConfig(config: NextAuthConfig, env: Env): PreparedConfig {
  const basePath = resolveBasePath(config, env)
  const trustHost = config.trustHost ?? trustHostFromEnv(env)
  const authUrl = authUrlFromEnv(env)
  // Next.js knows the socket address only through the hook's header; the core asks for it here.
  const rateLimit = withClientAddress(config.rateLimit, (request) => socketAddressFromHeaders(request.headers))
  const { handler, action } = coreConfigForms(config, { basePath, trustHost, rateLimit })
  return {
    config,
    handler,
    action,
    basePath,
    trustHost,
    authUrl,
    origin: originResolver({ authUrl, trustHost }),
  }
}

/** The getter configGetter returns; `now` is the prepared config when it does not depend on the request. */
export interface ConfigGetter {
  (request?: NextRequest): Promise<PreparedConfig>
  /**
   * Set for an object config: the hot paths (route handlers, auth()) take it
   * without a promise, each of which costs async-hook bookkeeping under Next.js.
   */
  readonly now?: PreparedConfig
}

/**
 * Turns the user's config (object, or lazy function of the request) into a
 * getter. An object is prepared once; a function is called per request and
 * its result prepared once per returned object.
 */
export function configGetter(input: NextAuthConfigInput, env: Env): ConfigGetter {
  if (typeof input !== "function") {
    const prepared = prepareConfig(input, env)
    return Object.assign(async (_request?: NextRequest) => prepared, { now: prepared })
  }
  const memo = new WeakMap<NextAuthConfig, PreparedConfig>()
  return async (request?: NextRequest) => {
    const config = await input(request)
    let prepared = memo.get(config)
    if (!prepared) {
      prepared = prepareConfig(config, env)
      memo.set(config, prepared)
    }
    return prepared
  }
}
