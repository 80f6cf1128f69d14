/**
 * The rate limiter's storage contract: fixed-window counters keyed by an
 * opaque string. Three implementations ship (memory, Prisma, Redis); any
 * other backend plugs in by implementing this interface. A store only counts:
 * it must not know about rules, actions or requests.
 */

/** One counter window as it stands after an operation. */
export interface RateLimitWindow {
  /** Hits counted in the current window. */
  count: number
  /** When the window ends, in milliseconds since the epoch. */
  resetAt: number
}

export interface RateLimitStore {
  /**
   * Counts one hit for `key`, atomically: opens a new window of `windowMs`
   * when none is live, else adds to the live one. Concurrent hits from any
   * number of processes sharing the store each see a distinct count.
   */
  hit(key: string, windowMs: number): Promise<RateLimitWindow>
  /** Takes back one hit of a live window (a reserved attempt that turned out fine). */
  undo(key: string): Promise<void>
  /** Forgets the key's window. */
  reset(key: string): Promise<void>
}
