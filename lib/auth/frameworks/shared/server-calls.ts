/**
 * The core called from server code rather than from a browser: reading the
 * session for a page, and signIn/signOut/update run by a framework's server
 * action or form action. Every framework layer (Next.js, Express, SvelteKit)
 * builds on these, so the flows behave the same in all of them; the layer
 * only supplies the request facts and writes the cookies back its own way.
 */
import { Auth, resolveAuthConfig } from "../auth"
import { DatabaseUnavailable } from "../errors"
import { isRelativePath } from "../redirect"
import type { raw, skipCSRFCheck } from "../symbols"
import type { AuthConfig, Cookie, Session } from "../types"
import type { ResponseInternal } from "./response"

export type RawConfig = AuthConfig & { raw: typeof raw }
export type ActionConfig = RawConfig & { skipCSRFCheck: typeof skipCSRFCheck }

export interface SessionRead {
  session: Session | null
  /** Set-Cookie the core asked for (a slid expiry, a cleared stale cookie). */
  cookies: Cookie[]
  /** Set when the session could not be read because the database is unreachable: not "signed out". */
  unavailable?: DatabaseUnavailable
}

/**
 * Reads the session through the core's GET /session for a request known by
 * its origin and Cookie header. A configuration or adapter failure reads as
 * "no session" (fail closed); the core has already logged it. An unreachable
 * database (the core's 503) is reported as `unavailable`, so callers can show
 * "temporarily unavailable" rather than treat the user as signed out.
 */
export async function readSessionFromCore(
  config: RawConfig,
  where: { origin: string; basePath: string; cookie: string | null },
): Promise<SessionRead> {
  try {
    // Inside the try: an origin or base path that does not make a URL is a configuration
    // problem (reported at start-up), never a failed page.
    const request = new Request(`${where.origin}${where.basePath}/session`, { headers: { cookie: where.cookie ?? "" } })
    const result = await Auth(request, config)
    if (result.status === 503) {
      const unavailable = new DatabaseUnavailable("The session could not be read: the database is unavailable")
      return { session: null, cookies: result.cookies ?? [], unavailable }
    }
    const session = result.status === 200 ? ((result.body as Session | null) ?? null) : null
    return { session, cookies: result.cookies ?? [] }
  } catch {
    return { session: null, cookies: [] }
  }
}

/**
 * A redirect target given to a server action: relative paths only. A
 * same-origin absolute URL (the Referer) is reduced to its path; anything
 * else falls back to "/".
 */
export function relativeRedirect(value: unknown, origin: string): string {
  if (typeof value !== "string" || value === "") return "/"
  // isRelativePath also refuses control characters and backslashes: browsers drop tabs and
  // newlines and read "\" as "/", so "/\t/evil" would be "//evil", another host.
  if (isRelativePath(value)) return value
  try {
    const url = new URL(value)
    const path = `${url.pathname}${url.search}${url.hash}`
    // "http://this.origin//evil" has the path "//evil": same check.
    if (url.origin === origin && isRelativePath(path)) return path
  } catch {
    // not a URL
  }
  return "/"
}

/** The user's request as a server action sees it. */
export interface ServerCallContext {
  config: ActionConfig
  /** Where the app is reached from outside, e.g. https://app.example.com. */
  origin: string
  basePath: string
  /** The headers of the user's own request (client address, user agent, referer, …). */
  headers: Headers
  /** The cookies as they stand now, including any the action has already set. */
  cookie: string
}

/**
 * Headers of the action's own request that describe its framing (a multipart
 * form post to the page) rather than the user, or that would change how the
 * core answers (X-Auth-Return-Redirect would turn thrown errors into URLs).
 */
const NOT_FORWARDED = [
  "content-length",
  "content-type",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "expect",
  "x-auth-return-redirect",
]

/**
 * Calls the core as a server action: a same-origin POST, CSRF skipped (the
 * framework checks its own actions). It carries the browser's request headers
 * so that authorize(credentials, request) sees the user's request.
 */
async function post(context: ServerCallContext, path: string, body: URLSearchParams | string, json = false) {
  const headers = new Headers(context.headers)
  for (const name of NOT_FORWARDED) headers.delete(name)
  headers.set("cookie", context.cookie)
  headers.set("content-type", json ? "application/json" : "application/x-www-form-urlencoded")
  const request = new Request(`${context.origin}${context.basePath}${path}`, { method: "POST", headers, body })
  const result: ResponseInternal = await Auth(request, context.config)
  return result
}

export type SignInOptions = FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, unknown>)
export type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][]

/** Where a server action sends the user, the cookies to set, and whether to redirect at all. */
export interface ServerCallResult {
  url: string
  cookies: Cookie[]
  redirect: boolean
}

function splitOptions(options: SignInOptions | undefined) {
  const entries: Record<string, unknown> =
    options instanceof FormData ? Object.fromEntries(options.entries()) : { ...(options ?? {}) }
  const { redirectTo, redirect, ...rest } = entries
  return { redirectTo, redirect: redirect !== false && redirect !== "false", rest }
}

/**
 * Server-side signIn. With no (or an unknown) provider the user goes to the
 * sign-in page. Errors of the flow (e.g. CredentialsSignin) are thrown to the
 * caller; the framework layer redirects to `url` unless `redirect` is false.
 */
export async function serverSignIn(
  context: ServerCallContext,
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: AuthorizationParams,
): Promise<ServerCallResult> {
  const { redirectTo, redirect, rest } = splitOptions(options)
  const callbackUrl = relativeRedirect(redirectTo ?? context.headers.get("referer"), context.origin)
  // The providers as the core resolved them (once per config), not re-run from the factories.
  const known = provider === undefined ? undefined : resolveAuthConfig(context.config).providerById.get(provider)
  if (!provider || !known) {
    const url = `${context.origin}${context.basePath}/signin?${new URLSearchParams({ callbackUrl })}`
    return { url, cookies: [], redirect }
  }
  const action = known.type === "credentials" ? "callback" : "signin"
  const query = new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0]).toString()
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(rest)) if (typeof value === "string") form.set(key, value)
  form.set("callbackUrl", callbackUrl)
  const result = await post(context, `/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`, form)
  return { url: result.redirect ?? callbackUrl, cookies: result.cookies ?? [], redirect }
}

/** Server-side signOut: ends the session; the layer redirects to `url` unless `redirect` is false. */
export async function serverSignOut(
  context: ServerCallContext,
  options?: { redirectTo?: string; redirect?: boolean },
): Promise<ServerCallResult> {
  const callbackUrl = relativeRedirect(options?.redirectTo ?? context.headers.get("referer"), context.origin)
  const result = await post(context, "/signout", new URLSearchParams({ callbackUrl }))
  return { url: result.redirect ?? callbackUrl, cookies: result.cookies ?? [], redirect: options?.redirect !== false }
}

/** Runs the session update flow (trigger "update") from the server. */
export async function serverUpdate(
  context: ServerCallContext,
  data: Partial<Session> | Record<string, unknown>,
): Promise<SessionRead> {
  const result = await post(context, "/session", JSON.stringify({ data }), true)
  const session = result.status === 200 ? ((result.body as Session | null) ?? null) : null
  return { session, cookies: result.cookies ?? [] }
}
