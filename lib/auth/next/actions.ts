import { headers as nextHeaders } from "next/headers"
import { redirect as nextRedirect } from "next/navigation"
import { Auth } from "../auth"
import type { ResponseInternal } from "../http/response"
import type { Session } from "../types"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"
import { resolveOrigin } from "./origin"

export type SignInOptions = FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, unknown>)
export type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][]

/**
 * A redirect target given to a server action: relative paths only. A
 * same-origin absolute URL (the Referer) is reduced to its path; anything
 * else falls back to "/".
 */
export function relativeRedirect(value: unknown, origin: string): string {
  if (typeof value !== "string" || value === "") return "/"
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return value
  try {
    const url = new URL(value)
    if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`
  } catch {
    // not a URL
  }
  return "/"
}

async function requestContext(prepared: PreparedConfig) {
  const headers = await nextHeaders()
  const origin = resolveOrigin(headers, { authUrl: prepared.authUrl, trustHost: prepared.trustHost })
  // The cookies as they stand now, including any this action has already set.
  const cookie = await currentCookieHeader()
  return { headers, origin, authUrl: `${origin}${prepared.basePath}`, cookie }
}

/** Calls the core for a server action: a same-origin POST with the browser's cookies, CSRF skipped. */
async function post(prepared: PreparedConfig, url: string, cookie: string, body: URLSearchParams | string, json = false) {
  const request = new Request(url, {
    method: "POST",
    headers: { cookie, "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
    body,
  })
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
  const { headers, origin, authUrl, cookie } = await requestContext(prepared)
  const { redirectTo, redirect, rest } = splitOptions(options)
  const callbackUrl = relativeRedirect(redirectTo ?? headers.get("referer"), origin)

  const known = provider ? prepared.config.providers.find((p) => (typeof p === "function" ? p() : p).id === provider) : undefined
  let url: string
  if (!provider || !known) {
    url = `${authUrl}/signin?${new URLSearchParams({ callbackUrl })}`
  } else {
    const type = (typeof known === "function" ? known() : known).type
    const action = type === "credentials" ? "callback" : "signin"
    const query = new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0]).toString()
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(rest)) if (typeof value === "string") form.set(key, value)
    form.set("callbackUrl", callbackUrl)
    const result = await post(
      prepared,
      `${authUrl}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`,
      cookie,
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
  const { headers, origin, authUrl, cookie } = await requestContext(prepared)
  const callbackUrl = relativeRedirect(options?.redirectTo ?? headers.get("referer"), origin)
  const result = await post(prepared, `${authUrl}/signout`, cookie, new URLSearchParams({ callbackUrl }))
  const url = result.redirect ?? callbackUrl
  if (options?.redirect !== false) nextRedirect(url)
  return url
}

/** Runs the session update flow (trigger "update") from the server and sets the refreshed cookie. */
export async function update(prepared: PreparedConfig, data: Partial<Session> | Record<string, unknown>): Promise<Session | null> {
  const { authUrl, cookie } = await requestContext(prepared)
  const result = await post(prepared, `${authUrl}/session`, cookie, JSON.stringify({ data }), true)
  return result.status === 200 ? ((result.body as Session | null) ?? null) : null
}
