/**
 * The part of the rate limiter the account flows use: the app passes
 * `rateLimit` from auth.ts, tests a RateLimiter of their own. The library
 * counts only its own actions; the rules of the app's actions are below, and
 * auth.ts hands them to the library through `rateLimit.rules`.
 */
import type { RateLimitHit, RateLimitRule, RateLimitSequenceVerdict, RateLimitVerdict } from "@/lib/auth"

/** The app's own actions. */
export type AccountRateLimitAction =
  /**
   * Sign-ups, counted only once the form is valid: per client, per address,
   * and across all clients as a flood limit (high: a few clients must not
   * close sign-up).
   */
  | "signup-client"
  | "signup-address"
  | "signup-global"
  /** Password-reset and set-password mails, per address and per client. */
  | "password-reset-address"
  | "password-reset-client"
  /**
   * Security notices (two-factor turned on or off, recovery codes replaced), per
   * address. Each change takes a fresh authenticator code or a recent proof of
   * identity, so only the account's own session can flood the owner's inbox.
   */
  | "security-notice-address"
  /**
   * Changes of email address (email-change.ts): requests per user, and mails
   * per new address (an address the user does not own yet must not be
   * flooded with confirmation links or "someone tried" notices).
   */
  | "email-change-user"
  | "email-change-address"

const MINUTE = 60

export const accountRateLimitRules: Readonly<Record<AccountRateLimitAction, RateLimitRule>> = Object.freeze({
  "signup-client": { limit: 20, windowSeconds: 15 * MINUTE },
  "signup-address": { limit: 5, windowSeconds: 15 * MINUTE },
  "signup-global": { limit: 1_000, windowSeconds: MINUTE },
  "password-reset-address": { limit: 3, windowSeconds: 15 * MINUTE },
  "password-reset-client": { limit: 10, windowSeconds: 15 * MINUTE },
  "security-notice-address": { limit: 10, windowSeconds: 15 * MINUTE },
  "email-change-user": { limit: 5, windowSeconds: 15 * MINUTE },
  "email-change-address": { limit: 3, windowSeconds: 15 * MINUTE },
})

export interface AccountRateLimit {
  consume(action: string, subject: string): Promise<RateLimitVerdict>
  /** Several hits in order, stopping at the first refusal (the client before the address it names). */
  consumeAll(hits: readonly RateLimitHit[]): Promise<RateLimitSequenceVerdict>
  reset(action: string, subject: string): Promise<void>
}
