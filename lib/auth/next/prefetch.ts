/**
 * Next's router prefetches the pages a page links to, in the background, with
 * whatever cookies the browser holds when it asks. A prefetch that left just
 * before a sign-in, or before an impersonation ended, carries the old session
 * cookie; had its answer removed that cookie, it would remove the new one the
 * browser received in the meantime, and sign the person out. So a prefetch's
 * answer never removes a cookie: the next navigation carries the current one
 * and does whatever is still needed.
 */
import type { Cookie } from "../types"

/** Next marks its router's prefetches with this header. */
export function isPrefetch(request: Request): boolean {
  return request.headers.get("next-router-prefetch") === "1"
}

function isRemoval(cookie: Cookie): boolean {
  const { maxAge, expires } = cookie.options
  return (maxAge !== undefined && maxAge <= 0) || (expires !== undefined && expires.getTime() <= Date.now())
}

/** The cookies an answer to `request` may set: all of them, less the removals when it is a prefetch. */
export function cookiesFor(request: Request, cookies: Cookie[]): Cookie[] {
  return isPrefetch(request) ? cookies.filter((cookie) => !isRemoval(cookie)) : cookies
}
