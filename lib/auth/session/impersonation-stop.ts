/**
 * "Stop impersonating" gives the admin's parked session back, and the
 * browser may still have a page load in flight that it sent before the
 * stop's answer arrived: that request carries the impersonation's cookie and
 * the parked one. Were the impersonation's row simply deleted, that read
 * could not tell a stop from a revocation: it would end the parked session
 * the stop has just given back, and clear the session cookie the stop has
 * just set. So a stop marks the row (the database strategy's session, or the
 * jwt token's record) and keeps it a few minutes; a read that finds it marked
 * answers "signed out" and touches nothing. Past those minutes it is an
 * expired row like any other, and a browser still sending that cookie (it
 * never received the stop's answer) is signed out as after any ending.
 * An adapter that cannot mark rows (Auth.js's) has the row deleted, as before.
 */
import type { AdapterSession } from "../adapters/types"
import type { ResolvedConfig } from "../config/resolved"

/** How long a stopped impersonation's row outlives the stop: far longer than any request in flight. */
export const STOPPED_IMPERSONATION_GRACE_MS = 5 * 60 * 1000

/** Whether the row is an impersonation its admin stopped (and so not to be ended by a racing read). */
export function impersonationWasStopped(session: Pick<AdapterSession, "impersonationStoppedAt">): boolean {
  return session.impersonationStoppedAt instanceof Date
}

/**
 * Ends the impersonation whose row is `sessionToken`: marked stopped where the adapter can, else
 * deleted. True when this call ended it, false when it was already gone or stopped (a second stop
 * running alongside: that one gives the admin back and logs it).
 */
export async function stopImpersonationRow(config: ResolvedConfig, sessionToken: string): Promise<boolean> {
  const adapter = config.adapter
  if (adapter?.stopImpersonationSession) {
    const now = Date.now()
    return adapter.stopImpersonationSession(sessionToken, { stoppedAt: new Date(now), expires: new Date(now + STOPPED_IMPERSONATION_GRACE_MS) })
  }
  // An Auth.js adapter's deleteSession may resolve nothing at all: only null says "not there".
  return (await adapter?.deleteSession?.(sessionToken)) !== null
}
