/**
 * Fixed-window counters of failed sign-ins, per key (an email, a client IP).
 * In-process: enough for one server; several instances each count their own
 * share, so put a shared store (e.g. Redis) behind the same interface there.
 */
export interface ThrottleRule {
  /** Failures allowed within one window. */
  limit: number
  windowMs: number
}

interface Window {
  failures: number
  resetAt: number
}

export class FailureThrottle {
  readonly #rule: ThrottleRule
  readonly #windows = new Map<string, Window>()
  readonly #maxKeys: number
  readonly #now: () => number

  constructor(rule: ThrottleRule, options: { maxKeys?: number; now?: () => number } = {}) {
    this.#rule = rule
    this.#maxKeys = options.maxKeys ?? 10_000
    this.#now = options.now ?? Date.now
  }

  #current(key: string): Window | undefined {
    const window = this.#windows.get(key)
    if (window && window.resetAt <= this.#now()) {
      this.#windows.delete(key)
      return undefined
    }
    return window
  }

  /** True while the key has used up its failures for the current window. */
  isBlocked(key: string): boolean {
    return (this.#current(key)?.failures ?? 0) >= this.#rule.limit
  }

  recordFailure(key: string): void {
    const window = this.#current(key)
    if (window) {
      window.failures++
      return
    }
    if (this.#windows.size >= this.#maxKeys) this.#evict()
    this.#windows.set(key, { failures: 1, resetAt: this.#now() + this.#rule.windowMs })
  }

  /** A successful sign-in clears the key's count. */
  reset(key: string): void {
    this.#windows.delete(key)
  }

  /** Bounded memory: drop expired windows, then the oldest if still full. */
  #evict() {
    const now = this.#now()
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key)
    if (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next().value
      if (oldest !== undefined) this.#windows.delete(oldest)
    }
  }
}
