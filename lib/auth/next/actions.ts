/**
 * Server-side signIn, signOut and update for Next.js server actions: they call
 * the core with the user's own request headers and the current cookies, and
 * set the cookies it returns. They never accept a redirect target on another
 * origin.
 */
import { headers as nextHeaders } from "next/headers"
import { redirect as nextRedirect } from "next/navigation"
import { Auth, resolveAuthConfig } from "../auth"
import type { ResponseInternal } from "../http/response"
import { isRelativePath } from "../redirect"
import type { Session } from "../types"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"

export type SignInOptions = FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, unknown>)
export type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][]

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

async function requestContext(prepared: PreparedConfig) {
  const headers = await nextHeaders()
  const origin = prepared.origin(headers)
  // The cookies as they stand now, including any this action has already set.
  const cookie = await currentCookieHeader()
  return { headers, origin, authUrl: `${origin}${prepared.basePath}`, cookie }
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

type RequestContext = Awaited<ReturnType<typeof requestContext>>

/**
 * Calls the core for a server action: a same-origin POST, CSRF skipped. It
 * carries the browser's request headers (client address, user agent, …) so
 * that authorize(credentials, request) sees the user's request, as it does
 * through the route handler; the cookies are the current ones.
 */
async function post(prepared: PreparedConfig, context: RequestContext, url: string, body: URLSearchParams | string, json = false) {
  const headers = new Headers(context.headers)
  for (const name of NOT_FORWARDED) headers.delete(name)
  headers.set("cookie", context.cookie)
  headers.set("content-type", json ? "application/json" : "application/x-www-form-urlencoded")
  const request = new Request(url, { method: "POST", headers, body })
  const result: ResponseInternal = await Auth(request, prepared.action)
  await setCookies(result.cookies ?? [])
  return result
}

function splitOptions(options: SignInOptions | undefined) {
  const entries: Record<string, unknown> =
    options instanceof FormData ? Object.fromEntries(options.entries()) : { ...(options ?? {}) }
  const { redirectTo, redirect, ...rest } = entries
  return { redirectTo, redirect: redirect !== false && redirect !== "false", rest }
}

/**
 * Server-side signIn for server actions. With no (or an unknown) provider the
 * user goes to the sign-in page. Errors of the flow (e.g. CredentialsSignin)
 * are thrown to the caller; `redirect: false` returns the URL instead.
 */
export async function signIn(
  prepared: PreparedConfig,
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: AuthorizationParams,
): Promise<string> {
  const context = await requestContext(prepared)
  const { headers, origin, authUrl } = context
  const { redirectTo, redirect, rest } = splitOptions(options)
  const callbackUrl = relativeRedirect(redirectTo ?? headers.get("referer"), origin)

  // The providers as the core resolved them (once per config), not re-run from the factories.
  const known = provider === undefined ? undefined : resolveAuthConfig(prepared.action).providerById.get(provider)
  let url: string
  if (!provider || !known) {
    url = `${authUrl}/signin?${new URLSearchParams({ callbackUrl })}`
  } else {
    const action = known.type === "credentials" ? "callback" : "signin"
    const query = new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0]).toString()
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(rest)) if (typeof value === "string") form.set(key, value)
    form.set("callbackUrl", callbackUrl)
    const result = await post(
      prepared,
      context,
      `${authUrl}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`,
      form,
    )
    url = result.redirect ?? callbackUrl
  }
  if (redirect) nextRedirect(url)
  return url
}

/** Server-side signOut: ends the session and redirects (or returns the URL with `redirect: false`). */
export async function signOut(
  prepared: PreparedConfig,
  options?: { redirectTo?: string; redirect?: boolean },
): Promise<string> {
  const context = await requestContext(prepared)
  const callbackUrl = relativeRedirect(options?.redirectTo ?? context.headers.get("referer"), context.origin)
  const result = await post(prepared, context, `${context.authUrl}/signout`, new URLSearchParams({ callbackUrl }))
  const url = result.redirect ?? callbackUrl
  if (options?.redirect !== false) nextRedirect(url)
  return url
}

/** Runs the session update flow (trigger "update") from the server and sets the refreshed cookie. */
export async function update(prepared: PreparedConfig, data: Partial<Session> | Record<string, unknown>): Promise<Session | null> {
  const context = await requestContext(prepared)
  const result = await post(prepared, context, `${context.authUrl}/session`, JSON.stringify({ data }), true)
  return result.status === 200 ? ((result.body as Session | null) ?? null) : null
}
