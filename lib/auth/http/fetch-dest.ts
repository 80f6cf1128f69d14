/**
 * Whether a request was sent by a script rather than loaded as a page: a
 * `fetch` (Next's router prefetching a link, loading a page's data, or
 * following a redirect the guard answered it with). The browser says so in
 * `Sec-Fetch-Dest`, which pages cannot set; Next's own `Next-Router-Prefetch`
 * header is honoured where it still arrives (Next strips it before middleware
 * runs). A client that sends neither, as curl or a server-side client, counts
 * as loading a page.
 *
 * What a script's answer sets, the browser applies whenever that answer
 * arrives: after a page it loaded meanwhile, too. So such an answer must not
 * change the cookies a shown page relies on (the session cookie, a form's
 * CSRF cookie).
 */

type HeaderSource = { get(name: string): string | null }

/** Any request a script sent, whatever its method (a server action's POST too). */
export function sentByScript(headers: HeaderSource): boolean {
  return headers.get("sec-fetch-dest") === "empty" || headers.get("next-router-prefetch") === "1"
}

/** A GET or HEAD a script sent: a prefetch, a client-side navigation's fetch, or a redirect either followed. */
export function isScriptFetch(method: string, headers: HeaderSource): boolean {
  return (method === "GET" || method === "HEAD") && sentByScript(headers)
}
