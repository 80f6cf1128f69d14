/**
 * Moves cookies between the core and Next.js: Set-Cookie on a Response, the
 * cookies() store in actions and route handlers, and the current Cookie
 * header. It never reads or changes a cookie's value.
 */
import { cookies as nextCookies } from "next/headers"
import { serializeCookie } from "../cookies"
import { cookieStoreOptions } from "../frameworks/shared/cookies"
import type { Cookie } from "../types"

/** Appends the cookies to a Response as Set-Cookie headers. */
export function appendCookies(response: Response, cookies: Cookie[]): Response {
  if (cookies.length === 0) return response
  try {
    for (const cookie of cookies) response.headers.append("Set-Cookie", serializeCookie(cookie))
    return response
  } catch {
    // Response.redirect() and fetch() responses have immutable headers: copy into a new one.
    const headers = new Headers(response.headers)
    for (const cookie of cookies) headers.append("Set-Cookie", serializeCookie(cookie))
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/**
 * Writes cookies through next/headers. Works in server actions and route
 * handlers; server components may not set cookies, so there it is a no-op
 * (middleware refreshes the cookie on the next navigation instead).
 */
export async function setCookies(cookies: Cookie[]): Promise<boolean> {
  if (cookies.length === 0) return true
  const store = await nextCookies()
  try {
    for (const { name, value, options } of cookies) store.set({ name, value, ...cookieStoreOptions(options) })
    return true
  } catch {
    return false
  }
}

/**
 * The request's Cookie header as the app sees it at this moment. Next's
 * cookies() includes what middleware and the running server action have set;
 * headers().get("cookie") is the header as it arrived. A page re-rendered in
 * the response of an action that changed the session (e.g. unstable_update
 * with the jwt strategy) must read the new cookie, not the one it replaced.
 */
export async function currentCookieHeader(): Promise<string> {
  return (await nextCookies()).toString()
}
