/**
 * The shapes the pipeline works with once a configuration is resolved: the
 * resolved configuration, the per-request context, and the session strategy
 * and revocation it holds. They refer to one another (the configuration holds
 * the strategy, the strategy reads the context, the context holds the
 * configuration), so they share this one module of types: the modules that
 * build them (resolve.ts, ../context.ts, ../session/*) import it and never
 * each other. Types only.
 */
import type { AccessControl } from "../access/control"
import type { AccessAdapter } from "../adapters/capabilities"
import type { StandingCache } from "../session/standing-cache"
import type { ResolvedOrganizations } from "./organizations"
import type { ResolvedSso } from "./sso"
import type { MembershipAtVersion, MembershipRecord } from "../organizations/types"
import type { AdapterViews, SecurityLogAdapter, TwoFactorAdapter } from "../adapters/capabilities"
import type { ActiveOrganizationRead, Adapter, AdapterUser } from "../adapters/types"
import type { AuthError, ProviderUnavailable } from "../errors"
import type { RequestInternal } from "../http/request"
import type { KeyRing } from "../jwt"
import type { LoggerInstance } from "../logger"
import type { ProviderConfig } from "../providers/types"
import type { RateLimiter } from "../rate-limit/limiter"
import type { SecretBox } from "../two-factor/secret-box"
import type { Account, Cookie, CookiesOptions, JWT, JWTOptions, PagesOptions, Profile, Session, Theme, User } from "../types"
import type { CallbacksOptions, EventCallbacks, SessionOptions } from "./types"

export interface ResolvedConfig {
  basePath: string
  secrets: string[]
  keyRing: KeyRing
  providers: ProviderConfig[]
  providerById: Map<string, ProviderConfig>
  adapter?: Adapter
  /** The adapter once per feature, typed with the methods that feature calls (see adapters/capabilities). */
  adapters: AdapterViews
  session: SessionOptions
  /** Seconds a sign-in or re-authentication counts as recent proof (step-up, session/step-up.ts). */
  reauthenticateAfter: number
  /** The session strategy's implementation, chosen here once. */
  sessionStrategy: SessionStrategy
  /**
   * Revoking sessions by a per-user "sessions valid since" instant: present when the adapter
   * stores it. The jwt strategy checks every token against it (session/revocation.ts).
   */
  revocation?: SessionRevocation
  jwt: JWTOptions
  /** True when jwt.encode/decode are ours, so the pipeline can call the key ring directly. */
  builtinJwt: boolean
  callbacks: CallbacksOptions
  events: Partial<EventCallbacks>
  pages: Partial<PagesOptions>
  theme: Required<Pick<Theme, "colorScheme">> & Theme
  logger: LoggerInstance
  /** Cookie options for plain-http and for https origins, computed once. */
  cookies: { secure: CookiesOptions; insecure: CookiesOptions }
  useSecureCookies?: boolean
  skipCSRFCheck: boolean
  raw: boolean
  experimental: { enableWebAuthn: boolean }
  /** Counts sign-in attempts and the app's limited actions (see lib/auth/rate-limit). */
  rateLimiter: RateLimiter
  redirectProxyUrl?: string
  /** The origin links in mail are built from: AUTH_URL's, never the request's (email/link-origin.ts). */
  mailOrigin: string
  /** Two-factor sign-in (config/two-factor.ts). */
  twoFactor: ResolvedTwoFactor
  /** The security log (lib/auth/security-log). */
  securityLog: ResolvedSecurityLog
  /** Roles, permissions and bans (lib/auth/access). */
  access: ResolvedAccess
  /** Organizations (config/organizations.ts). */
  organizations: ResolvedOrganizations
  /** Single sign-on for organizations (config/sso.ts). */
  sso: ResolvedSso
  /**
   * The providers that cannot be used, by id, each with why (config/provider-problems.ts).
   * They are not in `providers`: only their own sign-in routes answer with the error.
   */
  providerProblems: ReadonlyMap<string, ProviderUnavailable>
  /** A configuration problem, reported on every request until the config is fixed. */
  error?: AuthError
}

export interface ResolvedAccess {
  control: AccessControl
  /** AUTH_ADMIN_EMAILS and access.adminEmails, lower-cased. */
  adminEmails: ReadonlySet<string>
  /** Seconds an impersonation session lives (at most an hour). */
  impersonationMaxAge: number
  /** The adapter when it keeps roles and bans; undefined: every user holds "user" only and nobody is banned. */
  adapter?: AccessAdapter
  /**
   * Stored standings as this process last read them (session/standing-cache.ts), trusted for
   * `session.revocationDelay`: what a privileged jwt's roles and an impersonation's admin are checked against.
   */
  standing: StandingCache
}

export interface ResolvedTwoFactor {
  /** The adapter when it stores second factors; undefined: two-factor is off and nothing asks it. */
  adapter?: TwoFactorAdapter
  /** Whether this user must have a second factor (`twoFactor.required`). */
  required(user: User | AdapterUser): Promise<boolean>
  issuer?: string
  /** Seals TOTP secrets under a key derived from the auth secret. */
  box: SecretBox
}

export interface ResolvedSecurityLog {
  /**
   * The adapter's log methods as the app gave them, without the library's
   * adapter guard: a failed write is the log's to report (once, at warn level,
   * security-log/record.ts), never an adapter error that fails a sign-in.
   * Undefined: the adapter has no log, and nothing is written.
   */
  store?: SecurityLogAdapter & Pick<Adapter, "getSignInDeviceHistory">
  /** The same adapter behind the guard, for reads: an outage is reported and thrown as every read's is. */
  reader?: SecurityLogAdapter
  /** Entries older than this many days are pruned. */
  retentionDays: number
}

/**
 * Everything an action needs about one request. Work that only some actions
 * need (CSRF, callback URL) is done on first use, so a session check pays for
 * neither.
 */
export interface AuthContext {
  config: ResolvedConfig
  request: RequestInternal
  /** Origin of the deployment, e.g. http://localhost:3000. */
  origin: string
  /** origin + basePath, e.g. http://localhost:3000/api/auth. */
  authUrl: string
  cookies: CookiesOptions
  provider?: ProviderConfig
  /** Cookies the response must set; actions push to it. */
  outCookies: Cookie[]
  csrf(): Promise<{ token: string; verified: boolean }>
  callbackUrl(): Promise<string>
  /**
   * When the sign-in this request may carry began (milliseconds): the request's arrival, before
   * any first factor (password, email link, OAuth callback, passkey) is checked. A take-back made
   * by this very sign-in moves it to the revocation instant: that sign-in is the one that revoked.
   */
  signInStartedAt: number
  /**
   * A GET a script sent (a prefetch, or a redirect the router followed in the background): its
   * answer is never shown, so it sets and clears no cookie a shown page's form relies on.
   */
  fetchedByScript: boolean
}

// ---------------------------------------------------------------------------
// Session strategy: the one interface both strategies (jwt, database) implement.
// It is chosen once, when the configuration is resolved; no action asks which
// one it has. Implementations return the cookies to set and never build a
// response themselves.
// ---------------------------------------------------------------------------

export interface SignedInUser {
  user: User
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  /**
   * When this sign-in began (milliseconds): before its first factor was checked. A session is
   * not created for a user whose sessions were revoked after it (AuthContext.signInStartedAt).
   */
  startedAt: number
  /** The roles the user holds at this sign-in (the jwt strategy keeps them in the token). */
  roles?: readonly string[]
  /**
   * Organizations on: the membership the session starts in (the organization the user
   * made active last, if they are still its member) with their memberships version; absent when off.
   */
  organization?: MembershipAtVersion
}

export interface SessionUpdate {
  /** Data sent by the client's update(); present only on POST /session. */
  data: unknown
}

export interface SessionRead {
  session: Session | null
  cookies: Cookie[]
  /**
   * Server-side facts about a session that was read (never in the client's
   * JSON): whose it is and when they last proved who they are. Null
   * authenticatedAt: not known (a token or row from before it was recorded),
   * which counts as stale.
   */
  proof?: SessionProof
}

export interface SessionProof {
  userId: string
  authenticatedAt: Date | null
  /** Set when the session is an impersonation: the admin's user id. Its proof is never recent. */
  impersonatedBy?: string
  /**
   * Organizations: a membership this read established with no query of its own.
   * database strategy: of the organization whose slug the read was asked for (membership null: not
   * a member, or no such organization); jwt: the active organization's snapshot, only while the
   * user's memberships version is still the one it was taken at. Absent: nothing known.
   */
  organization?: { slug: string; membership: MembershipRecord | null }
  /**
   * Organizations: whether the user belongs to any, when this read knew it with no query of its own
   * (jwt: read with the memberships version). Absent: not known. The header of a user in no
   * organization then asks the database nothing.
   */
  memberOfAny?: boolean
  /**
   * Organizations: the session's active organization, when this read knew it with no query of its
   * own. database strategy: the session row's, with its name while the user belongs to it; jwt: the
   * token's, with its name only while its snapshot is current. Absent: not known.
   */
  activeOrganization?: ActiveOrganizationRead
}

/**
 * What reading or updating a session needs of a request: the config, the
 * cookie names for its origin, and its cookies. Narrower than the context, so
 * a server-side read (session/read.ts) needs no HTTP request at all.
 */
export type SessionReadContext = Pick<AuthContext, "config" | "cookies"> & {
  request: Pick<AuthContext["request"], "cookies">
  /** An organization page's slug: the database strategy reads the user's membership of it with the session row. */
  organizationSlug?: string
  /**
   * A script sent the request: a read that finds an ended impersonation then leaves the admin's
   * parked session to the next page the browser loads (a prefetch that left before "Stop
   * impersonating" must not end the session the stop just gave back).
   */
  fetchedByScript?: boolean
  /**
   * A page's data that the app's router fetched (a prefetch among them): the jwt strategy reads the
   * token but does not re-issue it, leaving that to the next page load, session call or update. The
   * answer to a prefetch can arrive after a sign-out's, and the browser would keep the token it
   * carried: the person would be signed in again. The session endpoint never sets it: a script asks
   * it on purpose, and its answer keeps the session alive.
   */
  deferTokenRefresh?: boolean
}

export interface SessionStrategy {
  readonly name: "jwt" | "database"
  /** GET /session: the current session, with any cookie refresh it needs. */
  read(ctx: SessionReadContext): Promise<SessionRead>
  /** POST /session: the update flow (trigger "update") with the client's data. */
  update(ctx: SessionReadContext, update: SessionUpdate): Promise<SessionRead>
  /** A user just signed in: start their session and return the cookies that carry it. */
  create(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]>
  /** Sign-out: end the session (fires the signOut event) and return the cookies that clear it. */
  end(ctx: AuthContext): Promise<Cookie[]>
  /**
   * The user signed in in this browser and their last proof, if any, without
   * the session callbacks (account linking and adding a passkey at sign-in ask).
   */
  signedIn(ctx: AuthContext): Promise<SessionProof | null>
  /**
   * The user proved who they are again (step-up): records `at` as the
   * session's authenticatedAt, keeping its other data; the cookies to set
   * (database: a new token, the old one deleted; jwt: the re-issued token).
   * Empty when there is no session to mark.
   */
  reauthenticated(ctx: AuthContext, at: Date): Promise<Cookie[]>
}

/** Revoking jwt sessions by a per-user "sessions valid since" instant (../session/revocation.ts). */
export interface SessionRevocation {
  /** The configured delay, in seconds. */
  readonly delaySeconds: number
  /** Whether a session token with these claims is still valid for its user. */
  accepts(token: JWT): Promise<boolean>
  /** accepts()'s verdict when this process can give it without asking the database; undefined otherwise. */
  acceptsNow(token: JWT): boolean | undefined
  /**
   * Whether the verdict just given for this token's user rests on an instant read from the
   * database (or set here) within the delay; false while a database outage keeps an older one,
   * when nothing may be re-issued on its word.
   */
  confirmed(token: JWT): boolean
  /** Ends every session of the user that counts from before `since` (default: now, in milliseconds); resolves to the instant stored. */
  revoke(userId: string, since?: Date): Promise<Date>
  /**
   * A fresh read of the database, never the cache: whether the user's sessions were revoked
   * after `instantMs` (or the user is gone). A session being created checks its sign-in's start.
   */
  revokedAfter(userId: string, instantMs: number): Promise<boolean>
  /**
   * The user's memberships version as this process last read it with "sessions valid since"
   * (within the delay; undefined when not known): a jwt membership snapshot taken at another
   * version is not trusted.
   */
  membershipsVersion(token: JWT): number | undefined
  /**
   * Whether the user belongs to any organization, read with the memberships version above and
   * trusted only at that version (undefined when not known).
   */
  memberOfAny(token: JWT): boolean | undefined
  /** Keeps a memberships version read from the database just now (a snapshot re-taken). */
  noteMembershipsVersion(userId: string, version: number): void
  /** This process changed one of the user's memberships: its next request reads the version afresh. */
  membershipsChanged(userId: string): void
}
