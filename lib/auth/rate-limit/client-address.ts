/**
 * The client address rate limits are keyed on. A forwarding header is only
 * believed when the operator says how many proxies they run in front of the
 * app (`trustedProxies`): without a proxy, anyone talking to the server can
 * write X-Forwarded-For and would pick their own key. Otherwise the address is
 * the socket's, which the framework layer supplies.
 */
import { clientKey, DEFAULT_IPV6_PREFIX, MAX_CLIENT_KEY_TEXT } from "./ip-address"

export interface ClientAddressOptions {
  /**
   * Proxies in front of the app that each append the address they received
   * from to X-Forwarded-For. 0 (default): the header is ignored.
   */
  trustedProxies: number
  /** The TCP peer of this request, as the framework layer knows it. */
  socketAddress?: (request: Request) => string | undefined
  /** IPv6 clients are keyed by this many leading bits (default 64: one home connection). */
  ipv6Prefix?: number
}

/**
 * The address as the request gave it, under the trusted-proxy rule, before
 * any reading: what the security log keeps. With n trusted proxies the client
 * is the n-th X-Forwarded-For entry from the right, the one the outermost
 * trusted proxy appended; entries left of it are whatever the client sent.
 * Too few entries means a request that bypassed the proxies: the socket
 * address is used then. "unknown" when there is none.
 */
export function requestAddress(request: Request, options: ClientAddressOptions): string {
  if (options.trustedProxies > 0) {
    const entries = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "")
    const entry = entries.at(-options.trustedProxies)
    if (entry !== undefined && entries.length >= options.trustedProxies) return entry.slice(0, MAX_CLIENT_KEY_TEXT)
  }
  return options.socketAddress?.(request)?.trim().slice(0, MAX_CLIENT_KEY_TEXT) || "unknown"
}

/**
 * The subject per-client rules count a request under: its address in one
 * canonical spelling, IPv6 by its network (ip-address.ts clientKey). Every
 * per-client budget, the library's and the app's, keys on this.
 */
export function clientAddress(request: Request, options: ClientAddressOptions): string {
  return clientKey(requestAddress(request, options), options.ipv6Prefix ?? DEFAULT_IPV6_PREFIX)
}
