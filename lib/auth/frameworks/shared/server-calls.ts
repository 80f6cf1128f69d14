/**
 * The core called from server code rather than from a browser: signIn,
 * signOut and update run by a framework's server action or form action. They
 * are HTTP flows (redirects, CSRF, cookies), so they go through the core's
 * Request path as a same-origin POST; every framework layer builds on these,
 * so the flows behave the same in all of them. Reading the session is not an
 * HTTP flow: see ./session.ts.
 */
import { Auth, resolveAuthConfig } from "../../auth"
import type { ResponseInternal } from "../../http/response"
import { isRelativePath } from "../../redirect"
import type { SessionRead } from "./session"
import type { ActionConfig } from "./config"
import type { Cookie, Session } from "../../types"

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
  const resolved = resolveAuthConfig(context.config)
  const known = provider === undefined ? undefined : resolved.providerById.get(provider)
  // signIn("sso", { email } | { organization }): single sign-on, when on, is a sign-in route of its own.
  const sso = provider === "sso" && !known && resolved.sso.adapter !== undefined
  if (!provider || (!known && !sso)) {
    const url = `${context.origin}${context.basePath}/signin?${new URLSearchParams({ callbackUrl })}`
    return { url, cookies: [], redirect }
  }
  const action = known?.type === "credentials" ? "callback" : "signin"
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
