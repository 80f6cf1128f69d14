/**
 * The library's one way to read a session with its user. Our adapter keeps
 * Auth.js's getSessionAndUser to the contract's fields (anyone may call it as an
 * Auth.js adapter) and answers the library's own fields through getSessionDetails;
 * an Auth.js adapter has only the former, and then those fields are absent
 * (no roles beyond "user", no ban, lifetimes counted from what is known).
 */
import type { Adapter, AdapterSession, AdapterUser } from "./types"

export type SessionAndUser = { session: AdapterSession; user: AdapterUser }

type SessionReader = Pick<Adapter, "getSessionAndUser" | "getSessionDetails">

/** The session row named by `sessionToken` with its user, or null; undefined-free even without a lookup method. */
export function lookUpSession(adapter: SessionReader, sessionToken: string): Promise<SessionAndUser | null> {
  const read = adapter.getSessionDetails ?? adapter.getSessionAndUser
  if (!read) return Promise.resolve(null)
  // Not async: it runs on every database-strategy request.
  return Promise.resolve(read.call(adapter, sessionToken))
}
