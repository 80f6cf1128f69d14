/**
 * The default store: counters in this process's memory. Process-wide (kept on
 * globalThis), so every server bundle a framework builds from the same code
 * (Next.js compiles route handlers, server actions and middleware separately)
 * counts into one place. A live window is never evicted: dropping one would
 * hand an attacker a fresh budget. Expired windows are swept as the map grows.
 */
import type { RateLimitStore, RateLimitWindow } from "./store"

export interface MemoryStoreOptions {
  /**
   * Most live windows kept. Beyond it a NEW key is answered as over its limit
   * (never by forgetting an old one), so memory stays bounded under a flood of
   * distinct keys while existing counters keep counting.
   */
  maxKeys?: number
  now?: () => number
}

const SWEEP_EVERY_MS = 1_000

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, RateLimitWindow>()
  readonly #maxKeys: number
  readonly #now: () => number
  #lastSweep = 0

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxKeys = options.maxKeys ?? 1_000_000
    this.#now = options.now ?? Date.now
  }

  /** Live windows held (expired ones may linger until the next sweep). */
  get size(): number {
    return this.#windows.size
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const now = this.#now()
    const live = this.#live(key, now)
    if (live) {
      live.count++
      return { ...live }
    }
    if (this.#windows.size >= this.#maxKeys) this.#sweep(now, true)
    if (this.#windows.size >= this.#maxKeys) {
      // Full of live windows: refuse this new key for one window rather than evict.
      return { count: Number.MAX_SAFE_INTEGER, resetAt: now + windowMs }
    }
    const window = { count: 1, resetAt: now + windowMs }
    this.#windows.set(key, window)
    if (this.#windows.size % 1024 === 0) this.#sweep(now, false)
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
    if (window && window.resetAt <= now) {
      this.#windows.delete(key)
      return undefined
    }
    return window
  }

  #sweep(now: number, force: boolean) {
    if (!force && now - this.#lastSweep < SWEEP_EVERY_MS) return
    this.#lastSweep = now
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key)
  }
}

const globalKey = Symbol.for("next-auth-starter.rate-limit.memory-store")
const processWide = globalThis as typeof globalThis & { [globalKey]?: MemoryRateLimitStore }

/** The one memory store of this process, shared by every bundle that imports the library. */
export function processMemoryStore(): MemoryRateLimitStore {
  processWide[globalKey] ??= new MemoryRateLimitStore()
  return processWide[globalKey]
}
