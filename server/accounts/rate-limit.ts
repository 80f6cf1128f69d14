/**
 * The part of the rate limiter the account flows use: the app passes
 * `rateLimit` from auth.ts, tests a RateLimiter of their own. Rule names are
 * those of lib/auth/rate-limit/rules.ts.
 */
import type { RateLimitHit, RateLimitSequenceVerdict, RateLimitVerdict } from "@/lib/auth/rate-limit/limiter"

export interface AccountRateLimit {
  consume(action: string, subject: string): Promise<RateLimitVerdict>
  /** Several hits in order, stopping at the first refusal (the client before the address it names). */
  consumeAll(hits: readonly RateLimitHit[]): Promise<RateLimitSequenceVerdict>
  reset(action: string, subject: string): Promise<void>
}
