// The session as the starter's pages need it: signed in, signed out, or "cannot tell right now"
// (the database is unreachable). auth() throws DatabaseUnavailable in the last case rather than
// answering null, so an outage never looks like a sign-out.
import { cache } from "react"
import { auth } from "@/auth"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import type { Session } from "@/lib/auth"

export interface SessionState {
  session: Session | null
  /** The session could not be read: show "temporarily unavailable", not the signed-out page. */
  unavailable: boolean
}

/**
 * Once per render: the root layout, the protected layout and the page all ask, and React's
 * `cache` gives them one answer (one auth() call, so one look at the request's headers and
 * cookies) and the same one, should the session change while the page renders.
 */
export const sessionState = cache(async (): Promise<SessionState> => {
  try {
    return { session: await auth(), unavailable: false }
  } catch (error) {
    if (isDatabaseOutage(error)) return { session: null, unavailable: true }
    throw error
  }
})

/** Runs a database read for a page; an outage yields `unavailable` instead of an error page. */
export async function unlessUnavailable<T>(read: () => Promise<T>): Promise<{ value: T } | { unavailable: true }> {
  try {
    return { value: await read() }
  } catch (error) {
    if (isDatabaseOutage(error)) return { unavailable: true }
    throw error
  }
}

/** What a Settings form shows when the database does not answer. */
export const DATABASE_DOWN = { ok: false, message: "Saving is temporarily unavailable: the database does not answer. Try again in a moment." } as const

/**
 * Runs a server action's body; a database outage becomes a message in the
 * form instead of Next.js's generic error screen. Anything else (including
 * Next's redirect signal) passes through.
 */
export async function whileDatabaseAnswers<S>(run: () => Promise<S>): Promise<S | typeof DATABASE_DOWN> {
  try {
    return await run()
  } catch (error) {
    if (isDatabaseOutage(error)) return DATABASE_DOWN
    throw error
  }
}
