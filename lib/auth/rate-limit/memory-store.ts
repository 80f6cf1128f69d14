/**
 * The default store: counters in this process's memory. Process-wide (kept on
 * globalThis), so every server bundle a framework builds from the same code
 * (Next.js compiles route handlers, server actions and middleware separately)
 * counts into one place.
 *
 * Memory is bounded by a least-recently-used cache with a time-to-live per
 * window (lru-cache): a window is forgotten when it ends, and when the cache
 * is full the window touched longest ago makes room, in O(1). A new key is
 * never refused because the store is full: refusing would lock every new user
 * out once a flood of distinct keys filled it. What a flood can do instead is
 * push out old, idle windows; the limiter counts a client before the accounts
 * it names and stops at its first refusal, so one client cannot create more
 * keys than its own budget allows, and its own window, hit on every request,
 * is the last to go.
 */
import { LRUCache } from "lru-cache"
import type { RateLimitStore, RateLimitWindow } from "./store"

export interface MemoryStoreOptions {
  /**
   * Most windows kept (default 100,000: about 21 MB, see docs/rate-limits.md). When
   * full, the least recently used window is dropped to make room.
   */
  maxKeys?: number
  now?: () => number
}

export const DEFAULT_MEMORY_STORE_KEYS = 100_000

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows: LRUCache<string, RateLimitWindow>
  readonly #now: () => number

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now
    this.#windows = new LRUCache<string, RateLimitWindow>({
      max: options.maxKeys ?? DEFAULT_MEMORY_STORE_KEYS,
      // Expiry is checked when a key is read (no timer per key); a stale window
      // still occupies a slot until it is read or pushed out, which `max` bounds.
      ttlAutopurge: false,
      // Read the clock on every check: an injected clock moves in jumps.
      ttlResolution: 0,
      perf: { now: this.#now },
    })
  }

  /** Windows held (an ended one may count until it is read or pushed out). */
  get size(): number {
    return this.#windows.size
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const now = this.#now()
    const live = this.#live(key, now)
    if (live) {
      // Counted in place: the window's end (and its TTL) stays where it was.
      live.count++
      return { ...live }
    }
    const window = { count: 1, resetAt: now + windowMs }
    this.#windows.set(key, window, { ttl: windowMs })
    return { ...window }
  }

  async undo(key: string): Promise<void> {
    const live = this.#live(key, this.#now())
    if (live && live.count > 0) live.count--
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key)
  }

  #live(key: string, now: number): RateLimitWindow | undefined {
    const window = this.#windows.get(key)
    return window && window.resetAt > now ? window : undefined
  }
}

const globalKey = Symbol.for("auth.rate-limit.memory-store")
const processWide = globalThis as typeof globalThis & { [globalKey]?: MemoryRateLimitStore }

/** The one memory store of this process, shared by every bundle that imports the library. */
export function processMemoryStore(): MemoryRateLimitStore {
  processWide[globalKey] ??= new MemoryRateLimitStore()
  return processWide[globalKey]
}
