/**
 * The client address rate limits are keyed on. A forwarding header is only
 * believed when the operator says how many proxies they run in front of the
 * app (`trustedProxies`): without a proxy, anyone talking to the server can
 * write X-Forwarded-For and would pick their own key. Otherwise the address is
 * the socket's, which the framework layer supplies.
 */

export interface ClientAddressOptions {
  /**
   * Proxies in front of the app that each append the address they received
   * from to X-Forwarded-For. 0 (default): the header is ignored.
   */
  trustedProxies: number
  /** The TCP peer of this request, as the framework layer knows it. */
  socketAddress?: (request: Request) => string | undefined
}

/**
 * With n trusted proxies the client is the n-th entry from the right: the one
 * the outermost trusted proxy appended. Entries left of it are whatever the
 * client sent. Too few entries means a request that bypassed the proxies: the
 * socket address is used then.
 */
export function clientAddress(request: Request, options: ClientAddressOptions): string {
  if (options.trustedProxies > 0) {
    const entries = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "")
    const entry = entries.at(-options.trustedProxies)
    if (entry !== undefined && entries.length >= options.trustedProxies) return entry.slice(0, 64)
  }
  return options.socketAddress?.(request)?.slice(0, 64) || "unknown"
}
