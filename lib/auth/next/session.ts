/**
 * Reads the session for a request known only by its headers (server
 * components, middleware, pages router) through the core's GET /session. A
 * failure reads as no session.
 */
import { Auth } from "../auth"
import { DatabaseUnavailable } from "../errors"
import type { Cookie, Session } from "../types"
import type { PreparedConfig } from "./config"
import type { HeaderSource } from "./origin"

export interface SessionRead {
  session: Session | null
  /** Set-Cookie the core asked for (a slid expiry, a cleared stale cookie). */
  cookies: Cookie[]
  /** Set when the session could not be read because the database is unreachable: not "signed out". */
  unavailable?: DatabaseUnavailable
}

/**
 * Reads the session for a request described by its headers, through the
 * core's GET /session. A configuration or adapter failure reads as "no
 * session" (fail closed); the core has already logged it. An unreachable
 * database (the core's 503) is reported as `unavailable`, so callers can show
 * "temporarily unavailable" rather than treat the user as signed out.
 */
export async function readSession(prepared: PreparedConfig, headers: HeaderSource, fallbackUrl?: string): Promise<SessionRead> {
  const origin = prepared.origin(headers, fallbackUrl)
  const request = new Request(`${origin}${prepared.basePath}/session`, {
    headers: { cookie: headers.get("cookie") ?? "" },
  })
  try {
    const result = await Auth(request, prepared.raw)
    if (result.status === 503) {
      return { session: null, cookies: result.cookies ?? [], unavailable: new DatabaseUnavailable("The session could not be read: the database is unavailable") }
    }
    const session = result.status === 200 ? ((result.body as Session | null) ?? null) : null
    return { session, cookies: result.cookies ?? [] }
  } catch {
    return { session: null, cookies: [] }
  }
}
