/**
 * Reading a user's own security log back (Settings › Security activity):
 * newest first. Unlike a write, a read that fails throws as every read does
 * (an unreachable database is DatabaseUnavailable, which the app shows as
 * "temporarily unavailable"), because an empty list would say "nothing
 * happened" when the truth is unknown.
 */
import type { ResolvedConfig } from "../config/resolved"
import type { SecurityEvent } from "./types"

export const DEFAULT_SECURITY_EVENTS_LISTED = 50
/** The most one call returns, whatever it asks for. */
export const MAX_SECURITY_EVENTS_LISTED = 500

/** The user's newest `limit` entries, newest first; [] when the adapter keeps no log. */
export async function listSecurityEvents(
  config: ResolvedConfig,
  userId: string,
  limit: number = DEFAULT_SECURITY_EVENTS_LISTED,
): Promise<SecurityEvent[]> {
  const reader = config.securityLog.reader
  if (!reader || typeof userId !== "string" || userId === "") return []
  const count = Number.isFinite(limit) ? Math.min(Math.max(Math.floor(limit), 0), MAX_SECURITY_EVENTS_LISTED) : DEFAULT_SECURITY_EVENTS_LISTED
  if (count === 0) return []
  return reader.listSecurityEvents(userId, count)
}
