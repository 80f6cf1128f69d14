/**
 * Next's router prefetches the pages a page links to, in the background, with
 * whatever cookies the browser holds when it asks. A prefetch that left just
 * before a sign-in, or before an impersonation ended, carries the old session
 * cookie; had its answer removed that cookie, it would remove the new one the
 * browser received in the meantime, and sign the person out. So the answer to
 * a script's GET never removes a cookie: the next page the browser loads
 * carries the current cookie and does whatever is still needed.
 */
import type { Cookie } from "../types"

/**
 * A GET a script sent (a prefetch or a client-side navigation's fetch), not a
 * page the browser loads. Next strips its own `Next-Router-Prefetch` header
 * before middleware runs, so the browser's `Sec-Fetch-Dest` is what tells
 * them apart; the header is still honoured where it arrives.
 */
function isScriptFetch(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false
  return request.headers.get("sec-fetch-dest") === "empty" || request.headers.get("next-router-prefetch") === "1"
}

function isRemoval(cookie: Cookie): boolean {
  const { maxAge, expires } = cookie.options
  return (maxAge !== undefined && maxAge <= 0) || (expires !== undefined && expires.getTime() <= Date.now())
}

/** The cookies an answer to `request` may set: all of them, less the removals when a script fetched it. */
export function cookiesFor(request: Request, cookies: Cookie[]): Cookie[] {
  return isScriptFetch(request) ? cookies.filter((cookie) => !isRemoval(cookie)) : cookies
}
