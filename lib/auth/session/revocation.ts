/**
 * Revoking jwt sessions. A session token lives in the browser, so the server
 * cannot delete it; instead each user has a "sessions valid since" instant in
 * the database, and a token whose `validFrom` claim (valid-from.ts) is before
 * it reads as signed out. Setting the instant to now ends every session of
 * the user at once; the browser that asked is given a new token. Each process
 * reads a user's instant at most once per revocation delay
 * (valid-since-cache.ts), so other instances see a revocation within that
 * delay, this one at once.
 *
 * Rules (docs/decisions/sessions-and-revocation.md, "Revoking jwt sessions" and "Revocation"):
 * - milliseconds: the instant is stored as it is, and compared with the
 *   token's `validFrom`, which no re-issue moves forward (a token from
 *   before the claim counts from its `iat`);
 * - a token with neither claim nor `iat` is refused once its user has an
 *   instant; one without a string `sub` names no user and is never refused here;
 * - a database outage uses the last instant read (none: accepted), as jwt
 *   sessions otherwise keep working without the database; such a verdict is
 *   not `confirmed`, and nothing is re-issued on its word;
 * - a user the adapter does not have ("no-such-user": a deleted account)
 *   has no valid token at all, so deleting a user ends its jwt sessions in
 *   every process (within the delay in processes that read it before).
 */
import type { RevocationAdapter } from "../adapters/capabilities"
import type { SessionRevocation } from "../config/resolved"
import type { JWT } from "../types"
import { DatabaseUnavailable } from "../errors"
import { validFromOf } from "./valid-from"
import { NO_USER_LEFT, type ValidSinceCache } from "./valid-since-cache"
import type { RevocationChannel } from "./revocation-channel"
import type { ChangeWatch } from "./revocation-store"

/** Seconds a process may go on using the instant it last read for a user. */
export const DEFAULT_REVOCATION_DELAY_SECONDS = 60

/** Whether a token counts from at or after its user's instant (null: none set; +Infinity: no such user). */
function verdict(token: JWT, since: number | null): boolean {
  if (since === null) return true
  if (since === NO_USER_LEFT) return false
  const from = validFromOf(token)
  return from !== undefined && from >= since
}

/** The milliseconds an adapter's answer stands for, as the cache keeps them. */
function millisOf(since: Date | null | "no-such-user"): number | null {
  if (since === "no-such-user") return NO_USER_LEFT
  return since instanceof Date && !Number.isNaN(since.getTime()) ? since.getTime() : null
}

export function sessionRevocation(
  adapter: RevocationAdapter,
  cache: ValidSinceCache,
  delaySeconds: number,
  options: {
    memberships?: boolean
    channel?: RevocationChannel
    watch?: ChangeWatch
    /** Called when the watch says the user changed: what else this process cached of them goes too. */
    onChanged?: (userId: string) => void
  } = {},
): SessionRevocation {
  const { channel, watch } = options
  // Not awaited: the change is stored, and a channel that is away only leaves others on the delay.
  const tellOthers = (userId: string) => {
    try {
      if (channel) void channel.publish(userId).catch(() => undefined)
      if (watch) void watch.store.markChanged(userId).catch(() => undefined)
    } catch {
      // An app's own channel that throws at once is as unreachable as one that rejects.
    }
  }
  const catchUp = async (userId: string) => {
    if (!watch || !(await watch.changed(userId))) return
    cache.forget(userId)
    options.onChanged?.(userId)
  }
  const standing = options.memberships ? adapter.getSessionStanding?.bind(adapter) : undefined
  const maxAgeMs = delaySeconds * 1000
  const isOutage = (error: unknown) => error instanceof DatabaseUnavailable
  const subjectOf = (token: JWT) => (typeof token.sub === "string" && token.sub !== "" ? token.sub : undefined)
  return {
    delaySeconds,
    async accepts(token) {
      const userId = subjectOf(token)
      if (userId === undefined) return true
      // With organizations on, the memberships version too, when the adapter reads both in one statement.
      const read = standing ? async () => standing(userId) : async () => adapter.getSessionsValidSince(userId)
      await catchUp(userId)
      return verdict(token, await cache.get(userId, maxAgeMs, read, isOutage))
    },
    acceptsNow(token) {
      const userId = subjectOf(token)
      if (userId === undefined) return true
      // The store's answer is due: only accepts() can ask it.
      if (watch && !watch.checkedRecently(userId)) return undefined
      const since = cache.peek(userId, maxAgeMs)
      return since === undefined ? undefined : verdict(token, since)
    },
    confirmed(token) {
      const userId = subjectOf(token)
      return userId === undefined || cache.confirmed(userId)
    },
    async revoke(userId, since = new Date()) {
      const stored = await adapter.setSessionsValidSince(userId, since)
      // false: no such user (deleted). Remembered as such, so no token of it is accepted.
      cache.set(userId, stored === false ? "no-such-user" : since)
      tellOthers(userId)
      return since
    },
    membershipsVersion(token) {
      const userId = subjectOf(token)
      return userId === undefined ? undefined : cache.memberships(userId, maxAgeMs)
    },
    memberOfAny(token) {
      const userId = subjectOf(token)
      return userId === undefined ? undefined : cache.memberOfAny(userId, maxAgeMs)
    },
    noteMembershipsVersion(userId, version) {
      cache.noteMemberships(userId, version)
    },
    membershipsChanged(userId) {
      cache.forget(userId)
      tellOthers(userId)
    },
    async revokedAfter(userId, instantMs) {
      // Straight from the database, never the cache: this process may not have seen another's revocation yet.
      const since = millisOf(await adapter.getSessionsValidSince(userId))
      return since !== null && since > instantMs
    },
  }
}
