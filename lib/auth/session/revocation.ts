/**
 * Revoking jwt sessions. A session token lives in the browser, so the server
 * cannot delete it; instead each user has a "sessions valid since" instant in
 * the database, and a token issued (`iat`) before it reads as signed out.
 * Setting the instant to now ends every session of the user at once; the
 * browser that asked is given a new token. Each process reads a user's
 * instant at most once per revocation delay (valid-since-cache.ts), so other
 * instances see a revocation within that delay, this one at once.
 *
 * Rules (docs/decisions.md, "Revoking jwt sessions"):
 * - whole seconds, as `iat` has them: a token issued in the second of the
 *   instant stays valid (the instant is stored truncated to its second);
 * - a token without `iat` is refused once its user has an instant; one
 *   without a string `sub` names no user and is never refused here;
 * - a database outage uses the last instant read (none: accepted), as jwt
 *   sessions otherwise keep working without the database;
 * - a user the adapter does not have ("no-such-user": a deleted account)
 *   has no valid token at all, so deleting a user ends its jwt sessions in
 *   every process (within the delay in processes that read it before).
 */
import type { RevocationAdapter } from "../adapters/capabilities"
import type { SessionRevocation } from "../config/resolved"
import type { JWT } from "../types"
import { DatabaseUnavailable } from "../errors"
import { NO_USER_LEFT, type ValidSinceCache } from "./valid-since-cache"

/** Seconds a process may go on using the instant it last read for a user. */
export const DEFAULT_REVOCATION_DELAY_SECONDS = 60

/** `at` truncated to its second: the resolution of `iat`. */
export function wholeSecond(at: Date | number = Date.now()): Date {
  const ms = typeof at === "number" ? at : at.getTime()
  return new Date(Math.floor(ms / 1000) * 1000)
}

/** Whether a token was issued at or after its user's instant (null: none set; +Infinity: no such user). */
function verdict(token: JWT, since: number | null): boolean {
  if (since === null) return true
  if (since === NO_USER_LEFT) return false
  return typeof token.iat === "number" && token.iat >= Math.floor(since / 1000)
}

export function sessionRevocation(adapter: RevocationAdapter, cache: ValidSinceCache, delaySeconds: number): SessionRevocation {
  const maxAgeMs = delaySeconds * 1000
  const isOutage = (error: unknown) => error instanceof DatabaseUnavailable
  return {
    delaySeconds,
    async accepts(token) {
      const userId = token.sub
      if (typeof userId !== "string" || userId === "") return true
      return verdict(token, await cache.get(userId, maxAgeMs, async () => adapter.getSessionsValidSince(userId), isOutage))
    },
    acceptsNow(token) {
      const userId = token.sub
      if (typeof userId !== "string" || userId === "") return true
      const since = cache.peek(userId, maxAgeMs)
      return since === undefined ? undefined : verdict(token, since)
    },
    async revoke(userId, since = new Date()) {
      const instant = wholeSecond(since)
      const stored = await adapter.setSessionsValidSince(userId, instant)
      // false: no such user (deleted). Remembered as such, so even a token issued in this second is refused.
      cache.set(userId, stored === false ? "no-such-user" : instant)
      return instant
    },
  }
}
