/**
 * The part of the rate limiter the account flows use: the app passes
 * `rateLimit` from auth.ts, tests a RateLimiter of their own. Rule names are
 * those of lib/auth/rate-limit/rules.ts.
 */
import type { RateLimitVerdict } from "@/lib/auth/rate-limit/limiter"

export interface AccountRateLimit {
  consume(action: string, subject: string): Promise<RateLimitVerdict>
  reset(action: string, subject: string): Promise<void>
}
