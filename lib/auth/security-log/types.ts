/**
 * The security log's vocabulary: what a user can read back about their own
 * account in Settings ("Security activity"). Types only. An entry never holds
 * a password, code, token or secret: only what happened, how, from where and
 * how it ended.
 */

/** What happened. */
export type SecurityEventType =
  | "sign-in"
  | "sign-out"
  | "password-changed"
  | "password-reset"
  /** The owner removed the password from a notice's "It wasn't me" link: someone else had it. */
  | "password-revoked"
  | "email-change-requested"
  | "email-changed"
  | "passkey-added"
  | "passkey-removed"
  | "account-linked"
  | "account-unlinked"
  | "two-factor-enabled"
  | "two-factor-disabled"
  | "recovery-codes-regenerated"
  | "session-revoked"
  | "account-deletion-requested"
  /** Wrong second-step codes reached the alert threshold (rate-limit rule "two-factor-failure-alert"). */
  | "two-factor-failures"
  /** A signed-in user confirmed who they are again (step-up), or tried to. */
  | "reauthenticated"
  /** Written by an admin (actorId): roles changed, a ban set or lifted, sessions ended, … */
  | "roles-changed"
  | "banned"
  | "unbanned"
  | "sessions-revoked-by-admin"
  | "password-reset-sent"
  | "two-factor-disabled-by-admin"
  | "user-deleted"
  | "impersonation-started"
  | "impersonation-stopped"
  /** Organizations: the user joined an organization (detail: its name), or left it or was removed (actorId: who removed them). */
  | "organization-joined"
  | "organization-left"

export type SecurityEventOutcome = "success" | "failure"

/** How a sign-in (or a second step) was made. */
export type SecurityEventMethod =
  | "password"
  | "email"
  | "passkey"
  | "oauth"
  | "totp"
  | "recovery-code"

/** One entry as written. `userId` is null when a failure names no known user. */
export interface NewSecurityEvent {
  userId: string | null
  type: SecurityEventType
  outcome: SecurityEventOutcome
  method?: SecurityEventMethod | null
  /** The provider id ("credentials", "github", "passkey", "nodemailer", ...). */
  provider?: string | null
  /** The client address as the trusted-proxy setting resolves it. */
  ip?: string | null
  /** The User-Agent header as stored (session/user-agent.ts storedUserAgent). */
  userAgent?: string | null
  /** Browser family, operating system and address prefix (security-log/device.ts). */
  device?: string | null
  /** A short plain note that is never a secret (a passkey's name, a count). */
  detail?: string | null
  /** Who acted when it was not the user: an admin's user id. */
  actorId?: string | null
  /** Default: now. */
  createdAt?: Date
}

/** One entry as read back. */
export interface SecurityEvent extends Required<Omit<NewSecurityEvent, "createdAt" | "actorId">> {
  id: string
  /** The admin who acted, when one did (absent from adapters that do not keep it). */
  actorId?: string | null
  createdAt: Date
}
