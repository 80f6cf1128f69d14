/**
 * Retention: entries older than `securityLog.retentionDays` are deleted. A
 * write starts a prune at most once an hour per process, without waiting for
 * it (it is never on a request's critical path), so no scheduler is needed;
 * a failed prune is counted and logged like a failed write and tried again an
 * hour later. Start-up may prune once too (pruneSecurityLog).
 */
import type { ResolvedConfig } from "../config/resolved"
import { reportSecurityLogFailure } from "./failures"

const DAY_MS = 24 * 60 * 60 * 1000
/** At most one prune per process per this long. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000

/** The instant before which entries are pruned: `retentionDays` whole days before `now`. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS)
}

const scheduleKey = Symbol.for("auth.security-log.next-prune")
const processWide = globalThis as typeof globalThis & { [scheduleKey]?: number }

/**
 * Deletes the entries older than the retention now; resolves to how many
 * (0 without a log, or when the delete failed: that is counted and logged).
 * Never throws.
 */
export async function pruneSecurityLog(config: ResolvedConfig, now: Date = new Date()): Promise<number> {
  const { store, retentionDays } = config.securityLog
  if (!store) return 0
  try {
    return await store.deleteSecurityEventsBefore(retentionCutoff(now, retentionDays))
  } catch (error) {
    reportSecurityLogFailure(config.logger, "prune", error)
    return 0
  }
}

/** After a write: starts a prune when none ran in this process within the hour; does not wait for it. */
export function pruneAfterWrite(config: ResolvedConfig): void {
  const now = Date.now()
  if (now < (processWide[scheduleKey] ?? 0)) return
  processWide[scheduleKey] = now + PRUNE_EVERY_MS
  void pruneSecurityLog(config, new Date(now))
}
