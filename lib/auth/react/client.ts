/**
 * Browser-side calls to the auth routes. Results are honest: a failed
 * sign-in reports ok: false with the error and code (Auth.js reports ok: true
 * because the error arrives inside a 200).
 */
import { type AuthErrorCode, ERROR_HEADER, type ReportedErrorType } from "../errors"
import type { Session } from "../types"

export const DEFAULT_BASE_PATH = "/api/auth"

// The base path the app's <SessionProvider basePath> announced. The server knows
// the configured one (config.basePath or the path of AUTH_URL); the browser bundle
// cannot read server environment variables, so the provider hands it over.
let providedBasePath: string | undefined

/** Makes `basePath` the default of every call in this module (SessionProvider does this). */
export function setDefaultBasePath(basePath: string): void {
  providedBasePath = basePath.replace(/\/+$/, "") || DEFAULT_BASE_PATH
}

/** The base path used when a call names none. */
export function defaultBasePath(): string {
  return providedBasePath ?? DEFAULT_BASE_PATH
}

/** Other tabs listen on this channel and refetch their session. */
export const SESSION_CHANNEL = "auth-session"

export interface ClientProvider {
  id: string
  name: string
  type: string
  signinUrl: string
  callbackUrl: string
}

export interface SignInResult {
  ok: boolean
  /**
   * The error type the server reported (e.g. "CredentialsSignin"), or null. A
   * custom page's `?error=` may carry a value of the app's own; "Unknown" when
   * the answer names none.
   */
  error: ReportedErrorType | (string & {}) | null
  /** The error's reason from `?code=` (e.g. "credentials", "rate_limited"), or null. */
  code: AuthErrorCode | (string & {}) | null
  status: number
  url: string | null
}

export function broadcastSessionChange(trigger: "signin" | "signout" | "update") {
  if (typeof BroadcastChannel === "undefined") return
  const channel = new BroadcastChannel(SESSION_CHANNEL)
  channel.postMessage({ event: "session", trigger })
  channel.close()
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } })
    if (!response.ok) return null
    return (await response.json()) as T
  } catch {
    return null
  }
}

export function getSession(basePath = defaultBasePath()): Promise<Session | null> {
  return getJson<Session | null>(`${basePath}/session`)
}

/**
 * The session for the provider's refetch: undefined when the server cannot
 * tell (503, its database is unavailable), so the page keeps the session it
 * has instead of showing the user as signed out during an outage.
 */
export async function fetchSessionUnlessUnavailable(basePath = defaultBasePath()): Promise<Session | null | undefined> {
  try {
    const response = await fetch(`${basePath}/session`, { credentials: "same-origin", headers: { accept: "application/json" } })
    if (response.status === 503) return undefined
    if (!response.ok) return null
    return (await response.json()) as Session | null
  } catch {
    return null
  }
}

export async function getCsrfToken(basePath = defaultBasePath()): Promise<string> {
  const data = await getJson<{ csrfToken: string }>(`${basePath}/csrf`)
  if (!data?.csrfToken) throw new Error("Could not get a CSRF token from the auth routes")
  return data.csrfToken
}

export function getProviders(basePath = defaultBasePath()): Promise<Record<string, ClientProvider> | null> {
  return getJson<Record<string, ClientProvider>>(`${basePath}/providers`)
}

export interface PostResult {
  status: number
  url: string | null
  /** The error type the server reported for this answer, or null when it reported none. */
  error: string | null
}

export async function postForm(url: string, fields: Record<string, string>): Promise<PostResult> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams(fields),
  })
  let target: string | null = null
  try {
    target = ((await response.json()) as { url?: string }).url ?? null
  } catch {
    target = null
  }
  return { status: response.status, url: target, error: response.headers.get(ERROR_HEADER) }
}

/**
 * Success or failure is what the server says (its error header), not whether
 * the URL has an `?error=`: after a successful sign-in the URL is the callback
 * URL, which may well carry one (e.g. a sign-in page reached with
 * ?error=SessionRequired). The code is read from the error URL it belongs to.
 */
export function resultFrom({ status, url, error: reported }: PostResult): SignInResult {
  const ok = status >= 200 && status < 300 && url !== null && reported === null
  if (ok) return { ok, error: null, code: null, status, url }
  const params = url ? new URL(url, window.location.href).searchParams : undefined
  return { ok, error: reported ?? params?.get("error") ?? "Unknown", code: params?.get("code") ?? null, status, url }
}

export interface ClientSignInOptions extends Record<string, unknown> {
  redirectTo?: string
  /** Default true: the browser follows the result. false: resolve with the result instead. */
  redirect?: boolean
  basePath?: string
}

/**
 * Signs in from a client component. With no or an unknown provider the
 * browser goes to the sign-in page.
 */
export async function signIn(
  provider?: string,
  options: ClientSignInOptions = {},
  authorizationParams?: Record<string, string>,
): Promise<SignInResult | undefined> {
  const { redirectTo, redirect = true, basePath = defaultBasePath(), ...fields } = options
  const callbackUrl = redirectTo ?? window.location.href
  const providers = provider ? await getProviders(basePath) : null
  const chosen = provider ? providers?.[provider] : undefined
  if (!chosen) {
    // The sign-in page is served by the auth route handler, not the router: a full navigation is right.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${basePath}/signin?${new URLSearchParams({ callbackUrl })}`)
    return undefined
  }
  const action = chosen.type === "credentials" ? "callback" : "signin"
  const query = authorizationParams ? `?${new URLSearchParams(authorizationParams)}` : ""
  const form: Record<string, string> = { csrfToken: await getCsrfToken(basePath), callbackUrl }
  for (const [key, value] of Object.entries(fields)) if (typeof value === "string") form[key] = value

  const posted = await postForm(`${basePath}/${action}/${encodeURIComponent(provider!)}${query}`, form)
  const result = resultFrom(posted)
  const { url } = posted
  if (result.ok) broadcastSessionChange("signin")
  if (redirect && url) {
    window.location.assign(url)
    // A same-page hash change does not reload; make sure the new session is seen.
    if (url.includes("#")) window.location.reload()
  }
  return result
}

export async function signOut(
  options: { redirectTo?: string; redirect?: boolean; basePath?: string } = {},
): Promise<{ url: string | null }> {
  const { redirectTo, redirect = true, basePath = defaultBasePath() } = options
  const { url } = await postForm(`${basePath}/signout`, {
    csrfToken: await getCsrfToken(basePath),
    callbackUrl: redirectTo ?? window.location.href,
  })
  broadcastSessionChange("signout")
  if (redirect) {
    window.location.assign(url ?? redirectTo ?? "/")
    if ((url ?? "").includes("#")) window.location.reload()
  }
  return { url }
}

/**
 * POST /session: runs the update flow (trigger "update"), with or without
 * data. Resolves to the new session, or null when there is none (signed out,
 * expired); rejects when the update itself failed (refused CSRF token, server
 * error, network), which says nothing about whether the user is signed in.
 */
export async function updateSession(data: unknown, basePath = defaultBasePath()): Promise<Session | null> {
  const response = await fetch(`${basePath}/session`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csrfToken: await getCsrfToken(basePath), data }),
  })
  if (!response.ok) throw new Error(`The session update failed (HTTP ${response.status})`)
  const session = (await response.json()) as Session | null
  broadcastSessionChange("update")
  return session
}
