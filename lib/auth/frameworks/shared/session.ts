/**
 * The session of a request as the framework layers read it: the core's
 * direct read (session/read.ts) on the configuration a layer prepared, and
 * what each failure means to a page. An unreachable database is reported as
 * itself, with its cause, never as "signed out"; any other failure (a broken
 * configuration, a callback that threw) reads as signed out, failing closed,
 * as the session endpoint answers it. The read has logged the failure.
 */
import { resolveAuthConfig } from "../../auth"
import type { SessionProof } from "../../config/resolved"
import type { AuthConfig } from "../../config/types"
import type { DatabaseUnavailable } from "../../errors"
import { readSession, type SessionRequestFacts } from "../../session/read"
import type { Cookie, Session } from "../../types"

export type { SessionRequestFacts } from "../../session/read"

export interface SessionRead {
  session: Session | null
  /** Set-Cookie the core asked for (a slid expiry, a cleared stale cookie). */
  cookies: Cookie[]
  /** Set when the session could not be read because the database is unreachable: not "signed out". */
  unavailable?: DatabaseUnavailable
  /** Whose session it is and when they last proved who they are: for step-up, never sent to the client. */
  proof?: SessionProof
}

/** The session of a request known by its public origin and Cookie header, under `config` (as the layer hands it to Auth()). */
export async function readRequestSession(config: AuthConfig, facts: SessionRequestFacts): Promise<SessionRead> {
  const { session, cookies, failure, proof } = await readSession(resolveAuthConfig(config), facts)
  if (failure?.reason === "unavailable") return { session: null, cookies, unavailable: failure.error }
  return session && proof ? { session, cookies, proof } : { session, cookies }
}
