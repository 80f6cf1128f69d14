/**
 * Reads the session for a request known only by its headers (server
 * components, middleware, pages router): the core's direct read, on the
 * public origin the route handlers would see for the same headers.
 */
import { readRequestSession, type SessionRead } from "../frameworks/shared/session"
import { sentByScript } from "../http/fetch-dest"
import type { HeaderSource } from "../http/origin"
import type { PreparedConfig } from "./config"
import { isValidSlug } from "../organizations/slug"

export type { SessionRead } from "../frameworks/shared/session"

/**
 * The session for a request described by its headers; an outage comes back as `unavailable`.
 * `organizationSlug`: an organization page's, whose membership the read includes (proof.organization).
 */
export function readSession(prepared: PreparedConfig, headers: HeaderSource, fallbackUrl?: string, organizationSlug?: string): Promise<SessionRead> {
  const origin = prepared.origin(headers, fallbackUrl)
  return readRequestSession(prepared.handler, {
    origin,
    cookie: headers.get("cookie"),
    ...(organizationSlug === undefined ? {} : { organizationSlug }),
    // A script here is the app's router (a page's data, a prefetch), never the session endpoint.
    ...(sentByScript(headers) ? { fetchedByScript: true, deferTokenRefresh: true } : {}),
  })
}

/** The organization slug a page path names under the configuration's `organizationPage`, if any. */
export function organizationSlugOf(prepared: PreparedConfig, pathname: string): string | undefined {
  const slug = prepared.config.organizationPage?.(pathname)
  return isValidSlug(slug) ? slug : undefined
}
