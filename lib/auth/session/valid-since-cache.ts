/**
 * Each user's "sessions valid since" instant as this process last read it.
 * A jwt session is checked against it on every read, so the database is asked
 * at most once per user per revocation delay; the process that sets a new
 * instant writes it here at once. Process-wide by default (kept on
 * globalThis), so every server bundle a framework builds from the same code
 * (Next.js compiles middleware, route handlers and server actions separately)
 * sees a revocation made by any of them. Other processes see it through the
 * database once their entry is older than the delay.
 *
 * A user the adapter no longer has ("no-such-user", a deleted account) is
 * kept as an instant of +Infinity: every token was issued before it.
 */
/** What a read answers: the adapter contract's SessionsValidSince, spelled here (this module sits below contracts). */
type SessionsValidSince = Date | null | "no-such-user"
/**
 * Or, from an adapter that reads it in the same statement, that with the user's memberships
 * version, kept beside the instant for the same time (SessionStanding).
 */
type Standing = { validSince: SessionsValidSince; membershipsVersion: number | null; memberOfAny?: boolean | null }

const isStanding = (read: SessionsValidSince | Standing): read is Standing => typeof read === "object" && read !== null && !(read instanceof Date)

/** How a user with no record is remembered: no `iat` reaches it. */
export const NO_USER_LEFT = Number.POSITIVE_INFINITY

/** An answer of the adapter as the cache keeps it: milliseconds, +Infinity for no user, null for none set. */
function toMillis(since: SessionsValidSince): number | null {
  if (since === "no-such-user") return NO_USER_LEFT
  return since instanceof Date && !Number.isNaN(since.getTime()) ? since.getTime() : null
}

export interface ValidSinceCacheOptions {
  /** Most users remembered; beyond it the oldest read is forgotten (it is only re-read). */
  maxEntries?: number
  now?: () => number
}

interface Entry {
  /** Milliseconds since the epoch; null when the user has none; NO_USER_LEFT when there is no such user. */
  since: number | null
  readAt: number
  /**
   * Kept through a database outage rather than read: the instant is older
   * than the delay (or unknown), so nothing may be re-issued on its word.
   */
  fallback: boolean
  /** The user's memberships version read with the instant; null when not read (or not kept). */
  memberships: number | null
  /** Whether the user belonged to any organization at `memberOfAnyAt` (the version read with it); null when not read. */
  memberOfAny: boolean | null
  memberOfAnyAt: number | null
}

const DEFAULT_MAX_ENTRIES = 10_000

export class ValidSinceCache {
  readonly #entries = new Map<string, Entry>()
  /** Reads in flight, one per user, so a burst of requests for one user costs one query. */
  readonly #pending = new Map<string, Promise<number | null>>()
  readonly #maxEntries: number
  readonly #now: () => number

  constructor(options: ValidSinceCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES)
    this.#now = options.now ?? Date.now
  }

  /**
   * The user's instant: the remembered one when it was read less than
   * `maxAgeMs` ago, else `read()`'s. When `read` fails with an error that
   * `tolerate` accepts (a database outage), the last value read is used, or
   * null when there is none, and kept for another `maxAgeMs`, so an outage
   * does not cost a failing query on every request; any other error rejects.
   */
  /** The remembered instant when it was read less than `maxAgeMs` ago; undefined when only get() can tell. */
  peek(userId: string, maxAgeMs: number): number | null | undefined {
    const entry = this.#entries.get(userId)
    return entry && this.#now() - entry.readAt < maxAgeMs ? entry.since : undefined
  }

  get(
    userId: string,
    maxAgeMs: number,
    read: () => Promise<SessionsValidSince | Standing>,
    tolerate: (error: unknown) => boolean = () => false,
  ): Promise<number | null> {
    const known = this.peek(userId, maxAgeMs)
    if (known !== undefined) return Promise.resolve(known)
    const inFlight = this.#pending.get(userId)
    if (inFlight) return inFlight
    const loading = read().then(
      (answer) =>
        isStanding(answer)
          ? { since: toMillis(answer.validSince), memberships: answer.membershipsVersion, memberOfAny: answer.memberOfAny ?? null }
          : { since: toMillis(answer), memberships: null, memberOfAny: null },
      (error: unknown) => {
        if (!tolerate(error)) throw error
        return { fallback: this.#entries.get(userId)?.since ?? null }
      },
    )
    const settled: Promise<number | null> = loading
      .then((read) => {
        const fallback = "fallback" in read
        const since = fallback ? read.fallback : read.since
        // A set() while this read was in flight wins: the read may have started before the write.
        if (this.#pending.get(userId) === settled) this.#store(userId, since, fallback, fallback ? null : read.memberships, fallback ? null : read.memberOfAny)
        return since
      })
      .finally(() => {
        if (this.#pending.get(userId) === settled) this.#pending.delete(userId)
      })
    this.#pending.set(userId, settled)
    return settled
  }

  /**
   * Records an instant this process has just written, or that the user is
   * gone ("no-such-user"), so its own requests see it without waiting.
   */
  set(userId: string, since: Date | "no-such-user"): void {
    this.#pending.delete(userId)
    this.#store(userId, toMillis(since), false, null, null)
  }

  /**
   * The user's memberships version read with their instant less than `maxAgeMs` ago;
   * undefined when none was read (an adapter without it, a set(), an outage's fallback).
   */
  memberships(userId: string, maxAgeMs: number): number | undefined {
    const entry = this.#entries.get(userId)
    if (!entry || entry.fallback || entry.memberships === null || this.#now() - entry.readAt >= maxAgeMs) return undefined
    return entry.memberships
  }

  /**
   * Whether the user belongs to any organization, as read with their instant less than `maxAgeMs`
   * ago; undefined when not known. Only while the kept version is the one it was read at: a newer
   * version noted since (noteMemberships) may be a membership this answer does not know of.
   */
  memberOfAny(userId: string, maxAgeMs: number): boolean | undefined {
    const entry = this.#entries.get(userId)
    if (!entry || entry.fallback || entry.memberOfAny === null || this.#now() - entry.readAt >= maxAgeMs) return undefined
    return entry.memberships === entry.memberOfAnyAt ? entry.memberOfAny : undefined
  }

  /**
   * A memberships version read from the database, kept with the user's fresh entry (if any). Never
   * a step back: a read that started before a membership change may finish after a newer read was
   * kept, and its older version would make a snapshot of the ended membership look current.
   */
  noteMemberships(userId: string, version: number): void {
    const entry = this.#entries.get(userId)
    if (!entry || entry.fallback || this.#pending.has(userId)) return
    if (entry.memberships === null || version > entry.memberships) entry.memberships = version
  }

  /** Forgets the user (and any read in flight): this process just changed what the entry holds. */
  forget(userId: string): void {
    this.#pending.delete(userId)
    this.#entries.delete(userId)
  }

  /** Forgets every user: a revocation channel was lost for a while, and what it missed is unknown. */
  clear(): void {
    this.#pending.clear()
    this.#entries.clear()
  }

  /**
   * Whether the user's remembered instant was read from the database (or set
   * by this process), not kept through an outage; false when none is kept.
   */
  confirmed(userId: string): boolean {
    const entry = this.#entries.get(userId)
    return entry !== undefined && !entry.fallback
  }

  get size(): number {
    return this.#entries.size
  }

  #store(userId: string, since: number | null, fallback: boolean, memberships: number | null, memberOfAny: boolean | null): void {
    // Re-inserted so the Map's order is the order of reads: the first key is the oldest.
    this.#entries.delete(userId)
    this.#entries.set(userId, { since, readAt: this.#now(), fallback, memberships, memberOfAny: memberships === null ? null : memberOfAny, memberOfAnyAt: memberships })
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
  }
}

const globalKey = Symbol.for("auth.session.valid-since-cache")
const processWide = globalThis as typeof globalThis & { [globalKey]?: ValidSinceCache }

/** The one cache of this process, shared by every bundle that imports the library. */
export function processValidSinceCache(): ValidSinceCache {
  processWide[globalKey] ??= new ValidSinceCache()
  return processWide[globalKey]
}
