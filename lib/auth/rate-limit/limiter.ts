/**
 * The rate limiter: rules applied to a store. Core actions and the app both
 * count through it (`consume` before the work, `undo` or `reset` after). Keys
 * are hashed, so stores never hold an email address or an IP in clear.
 */
import { RateLimitStoreError } from "../errors"
import type { LoggerInstance } from "../logger"
import { clientAddress, type ClientAddressOptions, requestAddress } from "./client-address"
import { processMemoryStore } from "./memory-store"
import { defaultRateLimitRules, type RateLimitRule } from "./rules"
import type { RateLimitStore } from "./store"

export interface RateLimitVerdict {
  allowed: boolean
  /** Hits left in the window after this one (0 when refused). */
  remaining: number
  /** Seconds until the window ends: the Retry-After of a refusal. */
  retryAfterSeconds: number
}

/** One counted hit: an action and the subject (client address, email, "all") it is counted for. */
export type RateLimitHit = readonly [action: string, subject: string]

/** The verdict of several hits counted in order; `action` names the rule that refused. */
export interface RateLimitSequenceVerdict extends RateLimitVerdict {
  action?: string
}

/** The `rateLimit` option of the configuration. */
export interface RateLimitOptions {
  /** Where counters live. Default: this process's memory (one instance). */
  store?: RateLimitStore
  /** Overrides per action; `false` turns a rule off. */
  rules?: Record<string, RateLimitRule | false>
  /** Proxies in front of the app appending to X-Forwarded-For (default 0: the header is not trusted). */
  trustedProxies?: number
  /** The socket address of a request; framework layers supply it. */
  socketAddress?: (request: Request) => string | undefined
  /**
   * IPv6 clients share one per-client budget per network of this many leading
   * bits (default 64, AUTH_RATE_LIMIT_IPV6_PREFIX; 32 to 128, where 128 keys each address).
   */
  ipv6Prefix?: number
}

const ALLOWED: RateLimitVerdict = Object.freeze({ allowed: true, remaining: Number.POSITIVE_INFINITY, retryAfterSeconds: 0 })

export class RateLimiter {
  readonly store: RateLimitStore
  readonly #rules: Record<string, RateLimitRule | false>
  readonly #address: ClientAddressOptions
  readonly #logger?: Pick<LoggerInstance, "error">
  #storeDown = false

  constructor(options: RateLimitOptions | false = {}, logger?: Pick<LoggerInstance, "error">) {
    const given = options === false ? {} : options
    this.store = given.store ?? processMemoryStore()
    this.#rules =
      options === false
        ? Object.fromEntries(Object.keys(defaultRateLimitRules).map((action) => [action, false]))
        : { ...defaultRateLimitRules, ...given.rules }
    this.#address = { trustedProxies: given.trustedProxies ?? 0, socketAddress: given.socketAddress, ipv6Prefix: given.ipv6Prefix }
    this.#logger = logger
  }

  /** The rule for an action; undefined when it is off or unknown. */
  rule(action: string): RateLimitRule | undefined {
    const rule = Object.hasOwn(this.#rules, action) ? this.#rules[action] : undefined
    return rule || undefined
  }

  /**
   * The subject a request's per-client rules are keyed on: its address in
   * one canonical spelling, IPv6 by its network (e.g. "2001:db8:1:2::/64").
   */
  clientAddress(request: Request): string {
    return clientAddress(request, this.#address)
  }

  /** The request's address as it came (trusted-proxy rule, not canonicalised): what a log keeps. */
  requestAddress(request: Request): string {
    return requestAddress(request, this.#address)
  }

  /**
   * Counts one hit of `action` for `subject` and says whether it is within the
   * rule. Call it BEFORE the work it guards, so that concurrent requests are
   * counted even while the first ones are still running. A store fault lets
   * the request through (logged): an outage of the counter store must not
   * lock every user out.
   */
  async consume(action: string, subject: string): Promise<RateLimitVerdict> {
    const rule = this.rule(action)
    if (!rule) return ALLOWED
    const windowMs = rule.windowSeconds * 1000
    try {
      const window = await this.store.hit(await storeKey(action, subject), windowMs)
      this.#storeDown = false
      const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000))
      if (window.count > rule.limit) return { allowed: false, remaining: 0, retryAfterSeconds }
      return { allowed: true, remaining: rule.limit - window.count, retryAfterSeconds }
    } catch (error) {
      // Once per outage of the store, not once per request: a flood during an outage is no log flood.
      if (!this.#storeDown) {
        this.#storeDown = true
        const failure = new RateLimitStoreError("The rate-limit store failed; requests are let through until it answers", { cause: error })
        this.#logger?.error(failure.type, failure)
      }
      return ALLOWED
    }
  }

  /**
   * Counts several hits in the order given and stops at the first refusal:
   * the hits after it are not counted. Put the client first and the account
   * it names after it, so a client already over its own limit cannot spend
   * the per-account budget of every address it names (which would lock their
   * owners out without the client ever being let through); a flood limit
   * shared by everyone goes last, so refused clients do not use it up either.
   * When all are allowed, the verdict is the tightest of them.
   */
  async consumeAll(hits: readonly RateLimitHit[]): Promise<RateLimitSequenceVerdict> {
    let tightest: RateLimitSequenceVerdict = ALLOWED
    for (const [action, subject] of hits) {
      const verdict = await this.consume(action, subject)
      if (!verdict.allowed) return { ...verdict, action }
      if (verdict.remaining < tightest.remaining) tightest = { ...verdict, action }
    }
    return tightest
  }

  /** Gives back one hit (the guarded work turned out harmless, e.g. a correct password). */
  async undo(action: string, subject: string): Promise<void> {
    if (!this.rule(action)) return
    await this.store.undo(await storeKey(action, subject)).catch(() => {})
  }

  /** Clears the subject's window for an action. */
  async reset(action: string, subject: string): Promise<void> {
    if (!this.rule(action)) return
    await this.store.reset(await storeKey(action, subject)).catch(() => {})
  }
}

async function storeKey(action: string, subject: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${action}\0${subject}`))
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest).subarray(0, 18)))
  return `${action}:${hash.replace(/\+/g, "-").replace(/\//g, "_")}`
}
