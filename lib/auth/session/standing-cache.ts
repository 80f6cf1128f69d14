/**
 * Users' stored standing (roles, address, ban: UserAccessRecord) as this
 * process last read it, for the session reads that must follow it without a
 * query per request: a jwt that carries more than "user" (its roles follow the
 * stored ones) and every impersonation (its admin must still be entitled).
 * An entry is trusted for the revocation delay, like "sessions valid since"
 * (valid-since-cache.ts), and the process that changes a user's standing
 * forgets the entry at once (endUserSessions).
 *
 * Each ValidSinceCache has its own companion (standingCacheFor), so a
 * configuration that brings its own revocation cache (a test standing for
 * another process) brings its own standing cache with it.
 */
import type { UserAccessRecord } from "../access/user-access"
import type { ValidSinceCache } from "./valid-since-cache"

/** What a read answers: the record, or null for a user the adapter does not have. */
export type StoredStanding = UserAccessRecord | null

interface Entry {
  standing: StoredStanding
  readAt: number
}

const DEFAULT_MAX_ENTRIES = 10_000

export class StandingCache {
  readonly #entries = new Map<string, Entry>()
  readonly #pending = new Map<string, Promise<StoredStanding>>()
  readonly #now: () => number
  readonly #maxEntries: number

  constructor(options: { now?: () => number; maxEntries?: number } = {}) {
    this.#now = options.now ?? Date.now
    this.#maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES)
  }

  /**
   * The user's standing: the remembered one when read less than `maxAgeMs` ago, else `read()`'s
   * (one read in flight per user). A failed read (a database outage) keeps the last answer when
   * there is one; with none it rejects, and the caller decides what an unknown standing means.
   */
  get(userId: string, maxAgeMs: number, read: () => Promise<StoredStanding>): Promise<StoredStanding> {
    const entry = this.#entries.get(userId)
    if (entry && this.#now() - entry.readAt < maxAgeMs) return Promise.resolve(entry.standing)
    const inFlight = this.#pending.get(userId)
    if (inFlight) return inFlight
    const loading: Promise<StoredStanding> = read()
      .then(
        (standing) => {
          // A forget() while this read was in flight wins: the read may have started before the write.
          if (this.#pending.get(userId) === loading) this.#store(userId, standing)
          return standing
        },
        (error: unknown) => {
          const last = this.#entries.get(userId)
          if (last) return last.standing
          throw error
        },
      )
      .finally(() => {
        if (this.#pending.get(userId) === loading) this.#pending.delete(userId)
      })
    this.#pending.set(userId, loading)
    return loading
  }

  /** Forgets the user (and a read in flight): their standing was just changed by this process. */
  forget(userId: string): void {
    this.#pending.delete(userId)
    this.#entries.delete(userId)
  }

  /** Forgets every user (see ValidSinceCache.clear). */
  clear(): void {
    this.#pending.clear()
    this.#entries.clear()
  }

  get size(): number {
    return this.#entries.size
  }

  #store(userId: string, standing: StoredStanding): void {
    this.#entries.delete(userId)
    this.#entries.set(userId, { standing, readAt: this.#now() })
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
  }
}

// Kept on the revocation cache itself, not in a module-level map: Next.js bundles this module once
// per server bundle, and every bundle must see the entry that a ban in another one forgot.
const companionKey = Symbol.for("auth.session.standing-cache")
type WithCompanion = ValidSinceCache & { [companionKey]?: StandingCache }

/** The standing cache that goes with a revocation cache (the process-wide one with the process-wide one). */
export function standingCacheFor(validSince: ValidSinceCache): StandingCache {
  const holder = validSince as WithCompanion
  holder[companionKey] ??= new StandingCache()
  return holder[companionKey]
}
