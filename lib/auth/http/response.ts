/**
 * Turns an action's result into a standard Response: status, headers, cookies,
 * redirects, and the JSON form of a redirect for the client. It decides
 * nothing about what the result is.
 */
import { serializeCookie } from "../cookies"
import { ERROR_HEADER, type ReportedErrorType } from "../errors"
import type { Cookie } from "../types"

/** What an action returns; turned into a Response (or handed raw to the Next.js layer). */
export interface ResponseInternal<Body = unknown> {
  status?: number
  headers?: Record<string, string>
  body?: Body
  redirect?: string
  /**
   * Set when `redirect` reports a failure (the error page, or the sign-in page
   * with ?error=): its error type. See toResponse.
   */
  error?: ReportedErrorType
  cookies?: Cookie[]
}

export { ERROR_HEADER }

/**
 * Every JSON answer describes one user or one request's origin (URLs built
 * from forwarded headers): a shared cache must never keep it.
 */
const JSON_CACHE_CONTROL = "private, no-store"

export const noCacheHeaders: Record<string, string> = {
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
}

/** The pages' policy before its script-src: a page that runs more scripts names them all in one script-src. */
export const PAGE_CSP_BASE = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; base-uri 'none'; frame-ancestors 'none'"

/** Headers for the built-in HTML pages: never cached, never framed (clickjacking), no script. */
export const htmlHeaders: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": PAGE_CSP_BASE,
  // The email sign-in confirmation page carries its token in the URL: no other origin may see it.
  // Not no-referrer: browsers then send "Origin: null" on the pages' own form posts, which
  // frameworks' CSRF checks (SvelteKit's) refuse. Same value as the pages' <meta name="referrer">.
  "Referrer-Policy": "same-origin",
}

/**
 * A Location value must be a header-safe string: `Headers` throws on
 * characters above U+00FF, so a callback URL such as "/café-€" would turn a
 * successful sign-in into an error. Such URLs go out percent-encoded (hosts
 * as punycode); plain ASCII URLs pass through unchanged.
 */
export function toLocationHeader(url: string): string {
  if (/^[\x21-\x7e]*$/.test(url)) return url
  try {
    return new URL(url).href
  } catch {
    // Not an absolute URL: encode the offending characters one by one (TextEncoder never throws).
    return url.replace(/[^\x21-\x7e]/gu, (c) =>
      Array.from(new TextEncoder().encode(c), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
    )
  }
}

/**
 * Redirects are 302 with Location; with `X-Auth-Return-Redirect` they become
 * `200 {url}` JSON so client code can follow them itself. Cookies are kept in
 * both forms.
 */
export function toResponse(internal: ResponseInternal, returnRedirectAsJson: boolean): Response {
  const headers = new Headers(internal.headers)
  for (const cookie of internal.cookies ?? []) headers.append("Set-Cookie", serializeCookie(cookie))

  if (internal.redirect !== undefined) {
    if (returnRedirectAsJson) {
      headers.set("Content-Type", "application/json")
      if (!headers.has("Cache-Control")) headers.set("Cache-Control", JSON_CACHE_CONTROL)
      if (internal.error !== undefined) headers.set(ERROR_HEADER, internal.error)
      return new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers })
    }
    headers.set("Location", toLocationHeader(internal.redirect))
    return new Response(null, { status: 302, headers })
  }

  const status = internal.status ?? 200
  if (typeof internal.body === "string" && headers.has("Content-Type")) {
    return new Response(internal.body, { status, headers })
  }
  headers.set("Content-Type", "application/json")
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", JSON_CACHE_CONTROL)
  return new Response(JSON.stringify(internal.body ?? null), { status, headers })
}
