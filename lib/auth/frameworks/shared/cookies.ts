/**
 * The core's cookies in the shapes frameworks take them: the options of a
 * cookie store's set() (Next.js's cookies(), SvelteKit's event.cookies), and
 * Set-Cookie lines added to a Node.js response (Express, the pages router).
 */
import { serializeCookie } from "../../cookies"
import type { Cookie, CookieSerializeOptions } from "../../types"

/** The options of a framework cookie store's set(), with the defaults spelled out. */
export interface CookieStoreOptions extends CookieSerializeOptions {
  path: string
  httpOnly: boolean
  secure: boolean
}

/**
 * Every option passed through; path, httpOnly and secure explicit, because a
 * store fills what is left out with its own defaults (SvelteKit would make
 * every cookie HttpOnly and Secure, including one meant for plain http).
 */
export function cookieStoreOptions(options: CookieSerializeOptions): CookieStoreOptions {
  return {
    path: options.path ?? "/",
    domain: options.domain,
    expires: options.expires,
    maxAge: options.maxAge,
    httpOnly: options.httpOnly ?? false,
    secure: options.secure ?? false,
    sameSite: options.sameSite,
    priority: options.priority,
    partitioned: options.partitioned,
  }
}

/** A Node.js ServerResponse as far as setting headers goes. */
export interface NodeResponseLike {
  getHeader(name: string): number | string | string[] | undefined
  setHeader(name: string, value: string | string[]): unknown
  headersSent?: boolean
}

/**
 * Adds the cookies to the Set-Cookie lines already on the response (a
 * Headers object would fold them into one). Once the headers have gone out
 * there is nothing to add them to, and the cookie is left as it was.
 */
export function appendSetCookies(res: NodeResponseLike, cookies: readonly Cookie[]): void {
  appendSetCookieLines(res, cookies.map(serializeCookie))
}

export function appendSetCookieLines(res: NodeResponseLike, lines: readonly string[]): void {
  if (lines.length === 0 || res.headersSent === true) return
  const existing = res.getHeader("set-cookie")
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
  res.setHeader("set-cookie", [...list, ...lines])
}
