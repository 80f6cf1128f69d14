/**
 * One session read per request: the middleware reads the session, and the
 * page, layouts and route handler of the same request take that read instead
 * of decoding the token (or querying the database) again.
 *
 * Middleware can hand a later stage of the request nothing but request
 * headers, and a header is something a client can send too. So the read
 * itself never travels in a header: it stays in this process, in a map with
 * a short life, under a random id (122 bits from randomUUID) that only the
 * middleware puts in the forwarded request. A client-sent header is no use:
 * an id the map does not know (or no longer knows) is ignored, and an entry
 * is only given to a request whose Cookie header is the one it was read
 * from, so even a leaked id answers nothing but the session that cookie
 * already carries. Only safe methods (GET, HEAD) are handed over: they change
 * nothing, so a read at the start of the request stays true for all of it,
 * while a POST (a server action, a route handler that changes the session)
 * reads afresh each time, as before.
 *
 * Where the server's request hook runs (./socket-address-hook, `next start`
 * and `next dev`), it stamps every request with a fresh id under the same
 * header before Next.js sees it, overwriting any client copy. The middleware
 * then keeps its read under that id and lets the request through untouched:
 * forwarding a changed header costs Next.js a copy of every request header
 * through its override protocol, on every page. Without the hook the
 * middleware mints the id and forwards it itself.
 *
 * The map lives on globalThis: Next.js bundles the middleware and the app's
 * routes separately, each with its own copy of this module.
 */
import type { SessionRead } from "./session"
import { socketAddressHookInstalled } from "./socket-address"

/** The forwarded request header that carries the id. The middleware overwrites any incoming copy. */
export const HANDOVER_HEADER = "x-auth-session-handover"

/** Long enough for any render of one request; a slower one reads the session again, which is still correct. */
export const HANDOVER_TTL_MS = 10_000
/** A bound on memory under any load: past it, the oldest entries go first. */
export const HANDOVER_MAX_ENTRIES = 20_000

interface Entry {
  read: SessionRead
  /** The request's cookies as the reader saw them (RequestCookies' serialisation). */
  cookie: string
  expiresAt: number
}

export class SessionHandover {
  // A Map iterates in insertion order, and every entry lives equally long: the oldest is always first.
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs = HANDOVER_TTL_MS,
    private readonly maxEntries = HANDOVER_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps a read for the rest of its request; returns the id to forward. */
  put(read: SessionRead, cookie: string): string {
    const id = crypto.randomUUID()
    this.putUnder(id, read, cookie)
    return id
  }

  /** Keeps a read under an id the request already carries (stamped by the server's request hook). */
  putUnder(id: string, read: SessionRead, cookie: string): void {
    const now = this.now()
    this.sweep(now)
    // Re-inserted, not overwritten in place: the map's order must stay the order of expiry.
    this.entries.delete(id)
    this.entries.set(id, { read, cookie, expiresAt: now + this.ttlMs })
  }

  /** The read stored under `id` for a request with exactly this Cookie header, if it is still fresh. */
  take(id: string | null | undefined, cookie: string): SessionRead | undefined {
    if (!id) return undefined
    const entry = this.entries.get(id)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(id)
      return undefined
    }
    return entry.cookie === cookie ? entry.read : undefined
  }

  get size(): number {
    return this.entries.size
  }

  /** Drops expired entries from the front, and the oldest beyond the bound. Amortised O(1) per put. */
  private sweep(now: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size < this.maxEntries) break
      this.entries.delete(id)
    }
  }
}

const storeKey = Symbol.for("auth.next.session-handover")
type HandoverGlobal = typeof globalThis & { [storeKey]?: SessionHandover }

/** The process-wide store the middleware and the routes share. */
export function sessionHandover(): SessionHandover {
  const global = globalThis as HandoverGlobal
  return (global[storeKey] ??= new SessionHandover())
}

/**
 * The id the server's request hook stamped on this request, or null where no hook runs in this
 * process (the header is then the client's and is never believed).
 */
export function stampedHandoverId(headers: { get(name: string): string | null }): string | null {
  return socketAddressHookInstalled() ? headers.get(HANDOVER_HEADER) : null
}

/** A fresh id for the request hook to stamp. */
export function newHandoverId(): string {
  return crypto.randomUUID()
}

/** Whether a request's read may be handed over: safe methods only (see above). */
export function handsOver(method: string): boolean {
  return method === "GET" || method === "HEAD"
}
