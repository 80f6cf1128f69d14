/**
 * Reads the session for a request known only by its headers (server
 * components, middleware, pages router) through the core's GET /session.
 */
import { readSessionFromCore, type SessionRead } from "../http/server-calls"
import type { PreparedConfig } from "./config"
import type { HeaderSource } from "./origin"

export type { SessionRead } from "../http/server-calls"

/** The session for a request described by its headers; see readSessionFromCore. */
export function readSession(prepared: PreparedConfig, headers: HeaderSource, fallbackUrl?: string): Promise<SessionRead> {
  const origin = prepared.origin(headers, fallbackUrl)
  return readSessionFromCore(prepared.raw, { origin, basePath: prepared.basePath, cookie: headers.get("cookie") })
}
