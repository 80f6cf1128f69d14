/**
 * The parts of SvelteKit's RequestEvent this layer uses, and how it moves
 * cookies in and out of one. Typed structurally, so the layer works with
 * any SvelteKit 2 version and tests can build events from real Requests.
 */
import type { Cookies, RequestEvent } from "@sveltejs/kit"
import type { Env } from "../env"
import { frameworkOrigin } from "../frameworks/shared/origin"
import { cookieStoreOptions } from "../frameworks/shared/cookies"
import type { Cookie, Session } from "../types"

export type SvelteKitEvent = Pick<RequestEvent, "request" | "url" | "getClientAddress"> & {
  cookies: Pick<Cookies, "set" | "getAll">
  locals: object
}

/** What the layer puts on event.locals: declare it in src/app.d.ts as `interface Locals { auth(): Promise<Session | null> }`. */
export interface AuthLocals {
  auth: () => Promise<Session | null>
}

/** AUTH_URL when set (a proxy in front of the app), else the origin SvelteKit built event.url from. */
export function eventOrigin(event: Pick<SvelteKitEvent, "url">, env: Env): string {
  return frameworkOrigin(env, event.url.origin)
}

/**
 * The Cookie header as it stands now: the request's cookies with those set
 * earlier in this request (cookies.getAll() merges both), values re-encoded
 * as a browser would send them.
 */
export function currentCookieHeader(event: SvelteKitEvent): string {
  return event.cookies
    .getAll()
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
    .join("; ")
}

/** Sets the core's cookies through event.cookies, which SvelteKit adds to the response. */
export function setCookies(event: SvelteKitEvent, cookies: Cookie[]): void {
  for (const { name, value, options } of cookies) event.cookies.set(name, value, cookieStoreOptions(options))
}
