/**
 * For instances that cannot hold a subscription (serverless functions): the
 * revocation channel's message kept in a shared store instead of sent. Every
 * change of a user (the same ones the channel publishes) writes a new random
 * change id under the user; an instance reads the user's id at most once a
 * second per user and, when it differs from the one it saw before, forgets
 * what it cached of the user, which the next read takes from the database.
 * Ids, not clock readings: instances' clocks need not agree. A key that has
 * expired reads as a change, which costs one database read and nothing else.
 *
 * While the store is unreachable nothing is forgotten on its word: the caches
 * keep their normal lifetime (the revocation delay), as without a store,
 * reported once when it is lost and once when it is back.
 */
import { ConnectionReport, type RevocationChannelConnection } from "./revocation-channel"

export interface RevocationStore {
  /** Records that the user changed. Never rejects (an unreachable store leaves others on the delay). */
  markChanged(userId: string): Promise<void>
  /** The user's current change id; null when none is kept. Rejects when the store cannot be read. */
  changeOf(userId: string): Promise<string | null>
}

/** How long an instance trusts the change id it last read for a user. */
export const DEFAULT_CHANGE_CHECK_MS = 1000
/** Longest a request waits for the store before going on as if it were unreachable. */
const ASK_TIMEOUT_MS = 250
const MAX_USERS = 10_000

interface Seen {
  change: string | null
  checkedAt: number
}

/** One instance's view of the store: which change id it last acted on, per user. */
export class ChangeWatch {
  readonly #store: RevocationStore
  readonly #seen = new Map<string, Seen>()
  readonly #checkMs: number
  readonly #now: () => number
  readonly #report: ConnectionReport
  /** While the store is away, it is asked again only after this instant: one slow request a second, not each. */
  #quietUntil = 0

  constructor(
    store: RevocationStore,
    options: { checkMs?: number; now?: () => number; onConnection?: (change: RevocationChannelConnection) => void } = {},
  ) {
    this.#store = store
    this.#checkMs = options.checkMs ?? DEFAULT_CHANGE_CHECK_MS
    this.#now = options.now ?? Date.now
    this.#report = new ConnectionReport(new Set(options.onConnection ? [options.onConnection] : []))
  }

  get store(): RevocationStore {
    return this.#store
  }

  /** Whether the user's change id was checked within the last second (so no check is due). */
  checkedRecently(userId: string): boolean {
    const seen = this.#seen.get(userId)
    return seen !== undefined && this.#now() - seen.checkedAt < this.#checkMs
  }

  /**
   * Whether the user changed since the last check (true the first time, when nothing is known);
   * false without asking when checked within the last second, and false when the store cannot
   * be read, so an outage never reads as a change on every request.
   */
  async changed(userId: string): Promise<boolean> {
    if (this.checkedRecently(userId) || this.#now() < this.#quietUntil) return false
    let change: string | null
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), ASK_TIMEOUT_MS)))
      change = await Promise.race([this.#store.changeOf(userId), late])
      this.#report.connected()
    } catch {
      this.#quietUntil = this.#now() + this.#checkMs
      this.#report.disconnected()
      return false
    } finally {
      clearTimeout(timer)
    }
    const before = this.#seen.get(userId)
    this.#seen.delete(userId)
    this.#seen.set(userId, { change, checkedAt: this.#now() })
    while (this.#seen.size > MAX_USERS) {
      const oldest = this.#seen.keys().next().value
      if (oldest === undefined) break
      this.#seen.delete(oldest)
    }
    return before === undefined || before.change !== change
  }
}
