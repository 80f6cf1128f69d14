/**
 * This process's memory of answered passkey challenges, used when the adapter
 * has no shared challenge store. It makes a challenge single-use on this
 * instance only: another instance, or this one after a restart, has never
 * seen it. It is bounded so that answering challenges cannot grow it without
 * limit; when full, the oldest entry gives way, which an attacker able to
 * answer that many challenges within a cookie's life can use to make the
 * instance forget one (docs/decisions/passkey-challenge-without-store.md).
 */

/** A few megabytes of hashes at most; more passkey ceremonies than one instance answers in a challenge's life. */
export const SPENT_CHALLENGE_CAPACITY = 50_000

export class SpentChallengeMemory {
  // Insertion order is roughly expiry order (every challenge lives about as long), so the
  // oldest entries are at the front of the map.
  readonly #until = new Map<string, number>()

  constructor(readonly capacity: number = SPENT_CHALLENGE_CAPACITY) {}

  get size(): number {
    return this.#until.size
  }

  /**
   * Marks the challenge hash spent until `until` (epoch milliseconds). True the first time; false
   * while it is remembered as spent. Synchronous, so of two concurrent uses on this instance
   * exactly one is first.
   */
  spend(challengeHash: string, until: number, now: number = Date.now()): boolean {
    this.#forgetExpired(now)
    const known = this.#until.get(challengeHash)
    if (known !== undefined && known > now) return false
    if (this.#until.size >= this.capacity) {
      const oldest = this.#until.keys().next().value
      if (oldest !== undefined) this.#until.delete(oldest)
    }
    this.#until.set(challengeHash, until)
    return true
  }

  #forgetExpired(now: number): void {
    for (const [hash, until] of this.#until) {
      if (until > now) return
      this.#until.delete(hash)
    }
  }
}

// On globalThis: Next.js loads the library once per bundle, and a challenge answered through
// one bundle must be refused through another in the same process.
const MEMORY = Symbol.for("auth.relying-party.spent-challenges")

/** The one memory of this process. */
export function processSpentChallenges(): SpentChallengeMemory {
  const holder = globalThis as { [MEMORY]?: SpentChallengeMemory }
  return (holder[MEMORY] ??= new SpentChallengeMemory())
}
