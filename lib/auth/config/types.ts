/**
 * The configuration an app passes to the library, and the callbacks and
 * events it may give (spec §2.2, §2.3, §2.5, §6). Types only.
 */
import type { AccessControl } from "../access/control"
import type { OrganizationOptions } from "./organizations"
import type { SsoOptions } from "./sso"
import type { Adapter, AdapterSession, AdapterUser } from "../adapters/types"
import type { LoggerInstance } from "../logger"
import type { Provider } from "../providers/types"
import type { RateLimitOptions } from "../rate-limit/limiter"
import type { SecurityEventMethod } from "../security-log/types"
import type { ValidSinceCache } from "../session/valid-since-cache"
import type { RevocationChannel } from "../session/revocation-channel"
import type { RevocationStore } from "../session/revocation-store"
import type {
  Account,
  Awaitable,
  CookiesOverrides,
  JWT,
  JWTOptions,
  PagesOptions,
  Profile,
  Session,
  Theme,
  User,
} from "../types"

// ---------------------------------------------------------------------------
// Callbacks and events (spec §2.3, §6)
// ---------------------------------------------------------------------------

export interface CallbacksOptions {
  signIn: (params: {
    user: User | AdapterUser
    account?: Account | null
    profile?: Profile
    email?: { verificationRequest?: boolean }
    credentials?: Record<string, unknown>
  }) => Awaitable<boolean | string>
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  session: (
    params: {
      session: Session & { user?: User | AdapterUser }
      token: JWT
      user: AdapterUser
      /**
       * What the app passed to update() (database sessions). `any` as in
       * next-auth v5: it is the app's own value, of a shape only the app
       * knows, and callbacks written for next-auth read its fields directly.
       */
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the app's own update() payload; see above
      newSession?: any
      trigger?: "update"
    },
  ) => Awaitable<Session | Record<string, unknown> | null>
  jwt: (params: {
    token: JWT
    user?: User | AdapterUser
    account?: Account | null
    profile?: Profile
    trigger?: "signIn" | "signUp" | "update"
    isNewUser?: boolean
    /**
     * With `trigger: "update"`, what the app passed to update() (jwt
     * sessions). `any` as in next-auth v5, so callbacks written for it
     * (`if (trigger === "update") token.name = session.name`) compile
     * unchanged: the value comes from the app itself, in a shape only the app
     * knows; the library passes it through and never reads it. Treat it as
     * the client's input it is: check what you copy into the token.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the app's own update() payload; see above
    session?: any
  }) => Awaitable<JWT | null>
}

export interface EventCallbacks {
  signIn: (message: {
    user: User
    account?: Account | null
    profile?: Profile
    isNewUser?: boolean
  }) => Awaitable<void>
  signOut: (message: { session: AdapterSession | null | undefined } | { token: JWT | null }) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  /**
   * An account (OAuth, email, passkey) was linked to a user. `isNewUser` (not in Auth.js) says the
   * user was created in the same sign-in: the link is their sign-up, not a new way into an account.
   */
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser; isNewUser: boolean }) => Awaitable<void>
  session: (message: { session: Session; token: JWT }) => Awaitable<void>
  /** Two-factor was turned on for the user (confirmTwoFactorSetup). */
  twoFactorEnabled: (message: { userId: string }) => Awaitable<void>
  /**
   * Two-factor was turned off for the user (disableTwoFactor). `actorId` (not in Auth.js) is the
   * admin's user id when an admin turned it off (adminOperations' disableTwoFactor, which also fires
   * twoFactorDisabledByAdmin once the whole operation is done), else null.
   */
  twoFactorDisabled: (message: { userId: string; actorId: string | null }) => Awaitable<void>
  /**
   * A wrong second-step code at sign-in; `voided` when it used up the pending sign-in's attempts.
   * `alert` (not in Auth.js) is true for the wrong code that reached the `two-factor-failure-alert`
   * rule (5 within 15 minutes by default): once per window, the moment to tell the owner that
   * someone who has their first factor is trying codes. The security log has an entry for it.
   * `provider` names the first factor that got them this far ("credentials": the password), so
   * the owner can be offered to revoke that one; `failures`, with `alert`, the rule's count.
   */
  twoFactorFailed: (message: {
    userId: string
    method: "totp" | "recovery-code" | "passkey"
    voided: boolean
    alert: boolean
    provider: string | null
    failures?: number
  }) => Awaitable<void>
  /**
   * A successful sign-in from a device (browser family, OS and address prefix)
   * none of the user's earlier logged sign-ins came from. Not fired for a
   * user's first sign-in. Needs the adapter's security-log methods.
   */
  newDeviceSignIn: (message: NewDeviceSignIn) => Awaitable<void>
  // Not in Auth.js: changes an admin made to a user's standing, each fired once the change is stored
  // (and, where it ends sessions, once they are ended). `actorId` is the admin; null when the
  // change came from the command line (npm run admin), which has no signed-in actor.
  /**
   * The user was banned and every session of theirs ended. `until`: when the ban lifts itself,
   * null for a permanent ban. The admin's reason is not carried: it is a note for the admins.
   */
  userBanned: (message: { userId: string; until: Date | null; actorId: string | null }) => Awaitable<void>
  /** The user's ban was lifted by an admin (not fired when a ban with an end runs out). */
  userUnbanned: (message: { userId: string; actorId: string | null }) => Awaitable<void>
  /** An admin ended the user's sessions: one (`scope: "one"`, database strategy) or every one. */
  sessionsRevokedByAdmin: (message: { userId: string; actorId: string; scope: "one" | "all" }) => Awaitable<void>
  /** An admin turned the user's two-factor off (they were locked out) and ended their sessions. */
  twoFactorDisabledByAdmin: (message: { userId: string; actorId: string }) => Awaitable<void>
  /**
   * An admin started a session as the user. `reason` is the admin's required reason, which the
   * user also reads in their security log; `expires` is when the impersonation ends at the latest.
   */
  impersonationStarted: (message: { userId: string; actorId: string; reason: string; expires: Date }) => Awaitable<void>
  /** The admin stopped impersonating the user ("Stop impersonating"). */
  impersonationStopped: (message: { userId: string; actorId: string }) => Awaitable<void>
}

/** What the newDeviceSignIn event carries: where the sign-in came from, never a secret. */
export interface NewDeviceSignIn {
  userId: string
  method: SecurityEventMethod | null
  provider: string | null
  ip: string | null
  userAgent: string | null
  /** e.g. "Chrome|macOS|203.0.113" (security-log/device.ts). */
  device: string
}

/** The security log (lib/auth/security-log); on when the adapter has its methods. */
export interface SecurityLogOptions {
  /**
   * Days an entry is kept before it is pruned (default 90; also
   * AUTH_SECURITY_LOG_RETENTION_DAYS). A whole number, 1 or more.
   */
  retentionDays?: number
}

/** Two-factor sign-in (lib/auth/two-factor); on only with an adapter that stores second factors. */
export interface TwoFactorOptions {
  /**
   * Whether a user must have a second factor: one who must and has none is
   * sent to enrol right after the first factor, before any session exists.
   */
  required?: boolean | ((user: User | AdapterUser) => boolean | Promise<boolean>)
  /** The name authenticator apps list the account under (default: the site's host). */
  issuer?: string
}

// ---------------------------------------------------------------------------
// Session options and the configuration object (spec §2.2, §2.5)
// ---------------------------------------------------------------------------

export interface SessionOptions {
  strategy: "jwt" | "database"
  maxAge: number
  updateAge: number
  generateSessionToken: () => string
  /**
   * Not in Auth.js. jwt strategy with an adapter that stores "sessions valid
   * since" (the Prisma adapter): how many seconds a process may go on using
   * the instant it last read for a user, i.e. how long a revoked session may
   * still be accepted by another instance. Default 60 (AUTH_REVOCATION_DELAY);
   * 0 reads the database on every session read.
   */
  revocationDelay: number
  /** Where those instants are kept; default one cache per process. Tests give each "instance" its own. */
  revocationCache?: ValidSinceCache
  /**
   * Not in Auth.js. A channel shared by the deployment's instances (RedisRevocationChannel,
   * PostgresRevocationChannel): every revocation, ban, role or memberships change is published on
   * it, and every instance forgets that user's cached state at once, so instances behave as one.
   * While it is unreachable the revocation delay applies, as without it.
   */
  revocationChannel?: RevocationChannel
  /**
   * Not in Auth.js. For instances that cannot hold a subscription (serverless): every such change
   * is marked in this store (RedisRevocationStore), and each instance asks it at most once a second
   * per user whether that user changed. Same fallback to the delay while it is unreachable.
   */
  revocationStore?: RevocationStore
  /**
   * Not in Auth.js. The absolute lifetime, in seconds from sign-in (default 30
   * days; OWASP ASVS 5.0 7.3.2): no refresh extends a session past it, while
   * `maxAge` stays the sliding inactivity lifetime (ASVS 7.3.1).
   */
  absoluteMaxAge: number
}

export interface AuthConfig {
  providers: Provider[]
  /** Ours (PrismaAdapter), or any @auth/*-adapter object through authJsAdapter (docs/databases-and-adapters.md, "Using another database"). */
  adapter?: Adapter
  basePath?: string
  callbacks?: Partial<CallbacksOptions>
  cookies?: CookiesOverrides
  debug?: boolean
  events?: Partial<EventCallbacks>
  experimental?: { enableWebAuthn?: boolean }
  jwt?: Partial<JWTOptions>
  logger?: Partial<LoggerInstance>
  pages?: Partial<PagesOptions>
  redirectProxyUrl?: string
  secret?: string | string[]
  session?: Partial<SessionOptions>
  skipCSRFCheck?: symbol
  theme?: Theme
  trustHost?: boolean
  useSecureCookies?: boolean
  raw?: symbol
  /**
   * Not in Auth.js. How many seconds a sign-in (or re-authentication) counts
   * as recent proof for sensitive actions (step-up, OWASP ASVS 5.0 7.5.1);
   * default 600, also AUTH_REAUTHENTICATE_AFTER.
   */
  reauthenticateAfter?: number
  /** Two-factor sign-in: on for every user who enrolled, when the adapter stores second factors. */
  twoFactor?: TwoFactorOptions
  /** Rate limits on sign-in and the app's own actions (memory store by default); false turns them off. */
  rateLimit?: RateLimitOptions | false
  /** Not in Auth.js. The security log's retention; the log is on when the adapter stores it. */
  securityLog?: SecurityLogOptions
  /** Not in Auth.js. Roles, permissions and the first admins. */
  access?: AccessOptions
  /** Not in Auth.js. Organizations: members, roles within one, invitations. */
  organizations?: OrganizationOptions
  /** Not in Auth.js. Single sign-on for organizations: SAML and OpenID Connect connections, verified domains. */
  sso?: SsoOptions
}

/** Roles and permissions (lib/auth/access). */
export interface AccessOptions {
  /** The app's definition (defineAccessControl); default the built-in resources with `admin` and `user`. */
  control?: AccessControl
  /**
   * Addresses whose account, once its address is verified, holds `admin` (also AUTH_ADMIN_EMAILS,
   * comma-separated). An unverified address grants nothing.
   */
  adminEmails?: readonly string[]
  /**
   * Seconds an impersonation session lives (also AUTH_IMPERSONATION_MAX_AGE); default and most 3600:
   * a longer value is cut to an hour.
   */
  impersonationMaxAge?: number
}
