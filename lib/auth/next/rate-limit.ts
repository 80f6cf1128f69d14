/**
 * The rate limiter as the app's server code uses it (server actions, route
 * handlers): the same rules and store as the library's own sign-in limits,
 * keyed by the current request's client address where asked. An action of the
 * app's own is counted once its rule is in the configuration's `rateLimit.rules`
 * (e.g. `"contact-form": { limit: 5, windowSeconds: 900 }`):
 *
 *   const verdict = await rateLimit.consume("contact-form", await rateLimit.clientAddress())
 *   if (!verdict.allowed) return { message: `Too many attempts. Try again in ${verdict.retryAfterSeconds} s.` }
 */
import { headers as nextHeaders } from "next/headers"
import { resolveAuthConfig } from "../auth"
import type { RateLimitHit, RateLimitSequenceVerdict, RateLimitVerdict } from "../rate-limit/limiter"
import type { PreparedConfig } from "./config"

export interface AppRateLimit {
  /** Counts one hit of `action` for `subject` (call before the work it guards). */
  consume(action: string, subject: string): Promise<RateLimitVerdict>
  /** Counts several hits in order and stops at the first refusal (put the client first). */
  consumeAll(hits: readonly RateLimitHit[]): Promise<RateLimitSequenceVerdict>
  /** Gives one hit back. */
  undo(action: string, subject: string): Promise<void>
  /** Clears the subject's window. */
  reset(action: string, subject: string): Promise<void>
  /** The current request's client address (inside a request scope only). */
  clientAddress(): Promise<string>
}

export function appRateLimit(getConfig: () => Promise<PreparedConfig>): AppRateLimit {
  const limiter = async () => resolveAuthConfig((await getConfig()).handler).rateLimiter
  return {
    consume: async (action, subject) => (await limiter()).consume(action, subject),
    consumeAll: async (hits) => (await limiter()).consumeAll(hits),
    undo: async (action, subject) => (await limiter()).undo(action, subject),
    reset: async (action, subject) => (await limiter()).reset(action, subject),
    async clientAddress() {
      const request = new Request("http://client.invalid/", { headers: await nextHeaders() })
      return (await limiter()).clientAddress(request)
    },
  }
}
