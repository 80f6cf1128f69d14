// The session as the starter's pages need it: signed in, signed out, or "cannot tell right now"
// (the database is unreachable). auth() throws DatabaseUnavailable in the last case rather than
// answering null, so an outage never looks like a sign-out.
import { auth } from "@/auth"
import { isDatabaseOutage } from "@/lib/auth/database-fault"
import type { Session } from "@/lib/auth/types"

export interface SessionState {
  session: Session | null
  /** The session could not be read: show "temporarily unavailable", not the signed-out page. */
  unavailable: boolean
}

export async function sessionState(): Promise<SessionState> {
  try {
    return { session: await auth(), unavailable: false }
  } catch (error) {
    if (isDatabaseOutage(error)) return { session: null, unavailable: true }
    throw error
  }
}

/** Runs a database read for a page; an outage yields `unavailable` instead of an error page. */
export async function unlessUnavailable<T>(read: () => Promise<T>): Promise<{ value: T } | { unavailable: true }> {
  try {
    return { value: await read() }
  } catch (error) {
    if (isDatabaseOutage(error)) return { unavailable: true }
    throw error
  }
}
