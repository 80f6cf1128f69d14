/**
 * The rate-limit rules: which actions are counted, how many hits a window
 * allows and how long a window lasts. Windows are fixed (a counter that starts
 * with the first hit and ends windowSeconds later): one atomic increment per
 * hit in every store, at the cost of allowing up to twice the limit across a
 * window boundary.
 */

export interface RateLimitRule {
  /** Hits allowed within one window. */
  limit: number
  windowSeconds: number
}

/**
 * Actions the library counts itself. An app names its own actions with their
 * rules in `rateLimit.rules` and counts them with the limiter's `consume()`;
 * an action without a rule is never refused.
 */
export type BuiltInRateLimitAction =
  /** Credentials sign-in attempts per identifier (email, username), counted before the check. */
  | "credentials-identifier"
  /** The same, from a browser that has signed in to that identifier before (its own budget). */
  | "credentials-identifier-known-client"
  /** Failed credentials sign-ins per client address (a success gives its attempt back). */
  | "credentials-client"
  /** Sign-in emails per address, and per client address. */
  | "email-address"
  | "email-client"
  /** Passkey and OAuth sign-in starts per client address. */
  | "passkey-start"
  | "oauth-start"
  /** Re-authentication (step-up) attempts with a password or a code, per signed-in user; a success clears it. */
  | "reauthenticate-user"
  /** Second-step codes (TOTP or recovery) per pending two-factor sign-in: past the limit it is void. */
  | "two-factor-pending"
  /**
   * The same per user, across pending sign-ins: a password alone buys only so
   * many guesses. Counted before the check; a right code gives its hit back.
   */
  | "two-factor-user"
  /** The same, from a browser that completed a second step for that user before (its own budget). */
  | "two-factor-user-known-client"
  /**
   * Recovery codes per user, a budget apart from the authenticator codes': a
   * stranger who spends the codes' budget does not shut the owner's recovery
   * codes out. Counted before the check; a right code gives its hit back.
   */
  | "two-factor-recovery-user"
  /**
   * Wrong second-step codes per user. The one that reaches the limit tells the
   * owner (twoFactorFailed's `alert`, a security log entry), once per window;
   * nothing is refused by it.
   */
  | "two-factor-failure-alert"
  /** Organization invitations sent per inviter, and per organization: each is a mail to someone. */
  | "invitation-inviter"
  | "invitation-organization"

export type RateLimitRules = Record<BuiltInRateLimitAction, RateLimitRule> & Record<string, RateLimitRule>

const MINUTE = 60

export const defaultRateLimitRules: Readonly<RateLimitRules> = Object.freeze({
  "credentials-identifier": { limit: 5, windowSeconds: 15 * MINUTE },
  "credentials-identifier-known-client": { limit: 10, windowSeconds: 15 * MINUTE },
  "credentials-client": { limit: 50, windowSeconds: 15 * MINUTE },
  "email-address": { limit: 3, windowSeconds: 15 * MINUTE },
  "email-client": { limit: 10, windowSeconds: 15 * MINUTE },
  "passkey-start": { limit: 30, windowSeconds: MINUTE },
  "oauth-start": { limit: 30, windowSeconds: MINUTE },
  "reauthenticate-user": { limit: 5, windowSeconds: 15 * MINUTE },
  "two-factor-pending": { limit: 5, windowSeconds: 15 * MINUTE },
  "two-factor-user": { limit: 20, windowSeconds: 15 * MINUTE },
  "two-factor-user-known-client": { limit: 10, windowSeconds: 15 * MINUTE },
  // Recovery codes carry 60+ bits: this bounds guessing without making it the easy lever to lock the owner out.
  "two-factor-recovery-user": { limit: 50, windowSeconds: 15 * MINUTE },
  "two-factor-failure-alert": { limit: 5, windowSeconds: 15 * MINUTE },
  "invitation-inviter": { limit: 20, windowSeconds: 60 * MINUTE },
  "invitation-organization": { limit: 50, windowSeconds: 60 * MINUTE },
})
