/**
 * Next's router prefetches the pages a page links to, in the background, with
 * whatever cookies the browser holds when it asks. A prefetch that left just
 * before a sign-in, or before an impersonation ended, carries the old session
 * cookie; had its answer removed that cookie, it would remove the new one the
 * browser received in the meantime, and sign the person out. So the answer to
 * a script's GET never removes a cookie: the next page the browser loads
 * carries the current cookie and does whatever is still needed.
 */
import { isScriptFetch } from "../http/fetch-dest"
import type { Cookie } from "../types"

function isRemoval(cookie: Cookie): boolean {
  const { maxAge, expires } = cookie.options
  return (maxAge !== undefined && maxAge <= 0) || (expires !== undefined && expires.getTime() <= Date.now())
}

/** The cookies an answer to `request` may set: all of them, less the removals when a script fetched it. */
export function cookiesFor(request: Request, cookies: Cookie[]): Cookie[] {
  return isScriptFetch(request.method, request.headers) ? cookies.filter((cookie) => !isRemoval(cookie)) : cookies
}
