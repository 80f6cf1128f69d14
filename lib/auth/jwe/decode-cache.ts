/**
 * Remembers the claims of session tokens that were already authenticated, so
 * a browser sending the same cookie again costs a map lookup and a JSON.parse
 * instead of a decryption. Bounded by an estimate of the memory it holds, not
 * by a count: tokens vary from ~300 characters to several kilobytes.
 *
 * The key is the salt plus the whole token string, never a hash or a prefix
 * of it, so a hit can only ever return the claims of that exact token under
 * that exact salt. Time claims are re-checked on every hit by the caller;
 * this module knows nothing about validity.
 */

/**
 * 32 MiB: ~18,000 typical session tokens (a 540-character token with its
 * claims is estimated at 1.8 KB; measured on Node 20 at about 1.2 KB).
 */
export const DEFAULT_DECODE_CACHE_BYTES = 32 * 1024 * 1024

/**
 * Per-entry cost beyond the two strings: the Map slot, the entry object, the
 * string headers and the cons/flat string V8 makes of the key. Measured at
 * ~150 bytes on Node 20; rounded up.
 */
const ENTRY_OVERHEAD_BYTES = 256

export interface CachedClaims {
  /** The claims as JSON: every hit parses a fresh object the caller may mutate. */
  json: string
  exp: number | undefined
  nbf: number | undefined
}

/** Strings count two bytes per character: V8 keeps non-Latin-1 strings that way. */
function entryBytes(key: string, json: string): number {
  return 2 * (key.length + json.length) + ENTRY_OVERHEAD_BYTES
}

/**
 * The token usually is a slice of the request's Cookie header, and V8 keeps
 * a slice's whole parent string alive: stored as is, every entry could pin
 * kilobytes of headers that the byte estimate knows nothing about.
 */
function ownCopy(key: string): string {
  return Buffer.from(key, "utf8").toString("utf8")
}

export class DecodeCache {
  readonly #entries = new Map<string, CachedClaims>()
  readonly #maxBytes: number
  readonly #maxEntries: number
  #bytes = 0

  constructor(maxBytes: number, maxEntries = Number.POSITIVE_INFINITY) {
    this.#maxBytes = maxBytes
    this.#maxEntries = maxEntries
  }

  /** The estimated bytes held now (never above maxBytes). */
  get bytes(): number {
    return this.#bytes
  }

  /** False when configured to hold nothing (callers can skip preparing entries). */
  get enabled(): boolean {
    return this.#maxEntries > 0 && this.#maxBytes > 0
  }

  get size(): number {
    return this.#entries.size
  }

  static key(salt: string, jwe: string): string {
    // A NUL cannot occur in a cookie name or in base64url, so (salt, jwe) maps to one key only.
    return `${salt}\u0000${jwe}`
  }

  get(key: string): CachedClaims | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    // Re-insert so that eviction drops the least recently used token.
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry
  }

  delete(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entryBytes(key, entry.json)
  }

  /** `owned`: the key is a string the caller built itself, not a slice of a request header. */
  set(key: string, entry: CachedClaims, { owned = false }: { owned?: boolean } = {}): void {
    const cost = entryBytes(key, entry.json)
    // A giant token would evict many ordinary ones; an ill-formed key would not survive the copy below.
    if (cost > this.#maxBytes / 64 || this.#maxEntries === 0 || !key.isWellFormed()) return
    this.delete(key)
    if (this.#bytes + cost > this.#maxBytes || this.#entries.size >= this.#maxEntries) this.#evict()
    this.#entries.set(owned ? key : ownCopy(key), entry)
    this.#bytes += cost
  }

  /**
   * Drops the least recently used entries down to 7/8 of the budget (bytes
   * and count) in one pass. One eviction per insert would start a fresh Map
   * iterator each time, and V8's iterator walks past every slot deleted since
   * the table was last compacted: at a full cache that scan cost more than
   * the decryption the cache saves. Inserts leave room for a token at most
   * maxBytes/64, so 7/8 always has room for the incoming one.
   */
  #evict(): void {
    const byteGoal = (this.#maxBytes * 7) / 8
    const countGoal = Math.min(this.#maxEntries - 1, Math.floor((this.#maxEntries * 7) / 8))
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= byteGoal && this.#entries.size <= countGoal) break
      this.#entries.delete(key)
      this.#bytes -= entryBytes(key, entry.json)
    }
  }
}
