/**
 * The adapter contract: the shapes a database adapter reads and writes and
 * the methods the library may call. Every method is optional; which ones a
 * configuration needs is checked once, at config time (config/assert.ts).
 * Types only. Field names follow the specification and Auth.js v5 so that
 * rows move between the two.
 */
import type { Awaitable, TokenSet } from "../types"
import type { NewSecurityEvent, SecurityEvent } from "../security-log/types"
import type { StoredBan, UserAccessRecord, UserListPage, UserListQuery } from "../access/user-access"
import type {
  AcceptInvitationResult,
  AdapterInvitation,
  AdapterMember,
  AdapterOrganization,
  MembershipAtVersion,
  MembershipChange,
  MembershipRecord,
  NewInvitation,
  NewOrganizationActivity,
  OrganizationActivityEntry,
} from "../organizations/types"
import type { AddTeamMemberResult, AdapterTeam, AdapterTeamMember } from "../organizations/team-types"
import type {
  AdapterSsoConnection,
  AdapterSsoDomain,
  DomainVerifyResult,
  NewSsoConnection,
  SsoConnectionChanges,
  SsoRoute,
} from "../sso/types"

export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn"

/**
 * What getSessionsValidSince answers: the user's instant, null when none was
 * ever set, or "no-such-user" when the adapter has no such user.
 */
export type SessionsValidSince = Date | null | "no-such-user"

/** getSessionStanding's answer: the user's "sessions valid since" and memberships version (null: not kept). */
export interface SessionStanding {
  validSince: SessionsValidSince
  membershipsVersion: number | null
  /**
   * Whether the user belongs to any organization, read in the same statement (absent or null: not
   * read). Kept with the version it was read at, so the header of a user in no organization costs
   * no statement of its own.
   */
  memberOfAny?: boolean | null
}

type SessionAndMembership = { session: AdapterSession; user: AdapterUser }

/** A session's active organization as its read found it: see AdapterSession.activeOrganization. */
export interface ActiveOrganizationRead {
  id: string | null
  current?: { name: string; slug: string } | null
}

export interface AdapterUser {
  id: string
  /** null for accounts whose provider gives no email address (e.g. X, VK without the email scope). */
  email: string | null
  emailVerified: Date | null
  name?: string | null
  image?: string | null
  /**
   * Not in Auth.js: what getSessionAndUser reads beside the user, in the same
   * statement, so the database strategy knows roles and bans without a query of its own.
   * Absent: an adapter that does not keep them (the user then holds only the "user" role).
   */
  roles?: readonly string[]
  bannedAt?: Date | null
  banExpires?: Date | null
  [key: string]: unknown
}

/**
 * A linked account: the token response's fields, and as read back from the database (the
 * contract answers the stored row) null in each token column the provider sent nothing for.
 */
export interface AdapterAccount extends StoredTokenColumns {
  userId: string
  type: AdapterAccountType
  provider: string
  providerAccountId: string
}

/** TokenSet with the columns an account row stores widened to the row's null. */
interface StoredTokenColumns {
  access_token?: string | null
  refresh_token?: string | null
  id_token?: string | null
  scope?: string | null
  token_type?: string | null
  expires_in?: TokenSet["expires_in"]
  expires_at?: number | null
  authorization_details?: TokenSet["authorization_details"]
  session_state?: string | null
  [key: string]: unknown
}

export interface AdapterSession {
  sessionToken: string
  userId: string
  expires: Date
  /**
   * Not in Auth.js: what a user's list of their sessions shows. An adapter
   * that has `listSessions` stores them; rows written by Auth.js lack them.
   */
  createdAt?: Date | null
  lastActiveAt?: Date | null
  userAgent?: string | null
  /**
   * Not in Auth.js: when the user last proved who they are in this session
   * (sign-in, then each re-authentication). Stored, like the fields above, by
   * an adapter that has `listSessions`; where it is missing the library
   * counts createdAt (the sign-in), and with neither the proof is stale.
   */
  authenticatedAt?: Date | null
  /**
   * Not in Auth.js: the admin who started this session as the user (impersonation),
   * and their reason. Read with the session; stored by an adapter that has `listSessions`.
   */
  impersonatedBy?: string | null
  /**
   * Not in Auth.js: whether the user belongs to any organization, read with the session by an
   * adapter that can (absent: not known). The header asks it on every page.
   */
  memberOfAny?: boolean
  /**
   * Not in Auth.js: the session's active organization, read with the session by an adapter that
   * can (absent: not known). `id` null: none is active. `current`, when read: its name and slug
   * while the user still belongs to it, else null. The header shows it on every page.
   */
  activeOrganization?: ActiveOrganizationRead
  impersonationReason?: string | null
  /**
   * Not in Auth.js: when "Stop impersonating" ended this impersonation session (see
   * stopImpersonationSession). Read with the session; every list of sessions leaves such rows out.
   */
  impersonationStoppedAt?: Date | null
  [key: string]: unknown
}

/**
 * What createSession is given. The details go only to adapters that have `listSessions`.
 * `createdAt` is given only when a session's token is replaced (a re-authentication): the new
 * row keeps the old one's start, so the absolute lifetime still counts from the sign-in; without
 * it the adapter stores the current time.
 */
export type NewAdapterSession = Pick<AdapterSession, "sessionToken" | "userId" | "expires"> &
  Partial<Pick<AdapterSession, "createdAt" | "lastActiveAt" | "userAgent" | "authenticatedAt" | "impersonatedBy" | "impersonationReason">>

export interface VerificationToken {
  identifier: string
  token: string
  expires: Date
}

export interface AdapterAuthenticator {
  credentialID: string
  userId: string
  providerAccountId: string
  credentialPublicKey: string
  counter: number
  credentialDeviceType: string
  credentialBackedUp: boolean
  transports?: string | null
  /**
   * Not in Auth.js: the authenticator's model id (AAGUID, "fbfc3007-…") from the registration's
   * attested credential data, for naming the passkey. Only written; "000…0" when the authenticator
   * does not say. An adapter may ignore it.
   */
  aaguid?: string | null
}

/**
 * Not in Auth.js: a user's second factor as stored. Only the adapter's
 * two-factor methods read or write it; a user without a record has
 * two-factor sign-in off.
 */
export interface AdapterTwoFactor {
  userId: string
  /** The TOTP secret sealed by lib/auth/two-factor/secret-box.ts: never the secret itself. */
  secret: string
  enabledAt: Date
  /** The last TOTP time step whose code was accepted (0: none yet). */
  lastUsedStep: number
  /** How many of the user's recovery codes are still unused. */
  recoveryCodesLeft: number
}

export interface EnableTwoFactor {
  /** The sealed TOTP secret. */
  secret: string
  /** The hashes of the new recovery codes (lib/auth/two-factor/recovery-codes.ts); they replace any the user had. */
  recoveryCodeHashes: readonly string[]
  /** The step of the code that confirmed the setup, so that code cannot be used again (default 0). */
  lastUsedStep?: number
}

/** What getUnservedStanding answers: a second factor enrolled, and a ban in force (null: none). */
export interface UnservedStanding {
  twoFactor: boolean
  ban: { until: Date | null } | null
}

export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>
  getUser?(id: string): Awaitable<AdapterUser | null>
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>
  /**
   * Not in Auth.js: creates a user and links its first account in one
   * transaction, so a failure (a lost connection, a concurrent sign-in that
   * linked the same account first) leaves neither. Used instead of createUser +
   * linkAccount when present.
   */
  createUserAndAccount?(user: AdapterUser, account: Omit<AdapterAccount, "userId">): Awaitable<AdapterUser>
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>
  /** Not in Auth.js: stores the tokens of a refreshed account (access-token refresh). */
  updateAccount?(
    account: Partial<AdapterAccount> & Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterAccount | null>
  createSession?(session: NewAdapterSession): Awaitable<AdapterSession>
  /** Auth.js's lookup: answers only the contract's fields (sessionToken, userId, expires; the user's five). */
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  /**
   * Not in Auth.js: the same lookup with the library's own fields beside the contract's (the
   * session's createdAt / authenticatedAt / impersonatedBy, the user's roles and ban), read in the
   * same one statement. The library calls it instead of getSessionAndUser when present
   * (adapters/session-lookup.ts); an Auth.js adapter has only getSessionAndUser, and then those
   * fields are absent.
   */
  getSessionDetails?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>
  /**
   * Not in Auth.js. The user's unexpired sessions, most recently active first,
   * with createdAt / lastActiveAt / userAgent where stored. An adapter that has
   * it also stores those fields from createSession and updateSession.
   */
  listSessions?(userId: string): Awaitable<AdapterSession[]>
  /**
   * Not in Auth.js. Deletes every session of the user except `exceptSessionToken`
   * (when given); resolves to how many were deleted.
   */
  deleteSessions?(userId: string, exceptSessionToken?: string): Awaitable<number>
  /**
   * Not in Auth.js. Deletes every session an admin started as another user (impersonatedBy is
   * `adminId`); resolves to how many. Called when the admin's own sessions end (a ban, a role
   * change, a deletion). Without it such rows end on their next read instead.
   */
  deleteSessionsImpersonatedBy?(adminId: string): Awaitable<number>
  /**
   * Not in Auth.js. Marks the impersonation session `sessionToken` stopped at `stoppedAt` and moves
   * its expiry to `expires` (a few minutes on), in one conditional write, instead of deleting it:
   * a page load sent before the stop's answer reached the browser still carries the old cookie,
   * and finding the row marked it knows the impersonation was given back, not revoked, so it leaves
   * the admin's restored session alone. Resolves true when this call marked it; false when the row
   * is gone, is no impersonation, or was stopped already (a second stop running alongside). Without
   * it a stop deletes the row, and such a page load ends the admin's restored session.
   */
  stopImpersonationSession?(sessionToken: string, stop: { stoppedAt: Date; expires: Date }): Awaitable<boolean>
  /**
   * Not in Auth.js. The instant before which the user's session tokens (jwt
   * strategy) are no longer valid; null when none was ever set; "no-such-user"
   * when the adapter has no user with this id (deleted, or never there): then
   * no token of it is valid, so a deleted user's session cookie reads as
   * signed out in every process, not only where the deletion ran. An adapter
   * written before this answer existed and resolving null for an unknown user
   * still works, but leaves such tokens valid. Adapters that have it also have
   * setSessionsValidSince.
   */
  getSessionsValidSince?(userId: string): Awaitable<SessionsValidSince>
  /**
   * Not in Auth.js. Stores the user's "sessions valid since" instant. An
   * unknown user is no error: it resolves false (optional, void is read as
   * stored), so the revocation can remember at once that nobody is left.
   */
  setSessionsValidSince?(userId: string, since: Date): Awaitable<void | boolean>
  /**
   * Not in Auth.js. Removes every way into the user's account other than its
   * address: linked accounts, passkeys, whatever credential the app keeps (a
   * password), and its database sessions, in one transaction. Called when
   * someone proves the mailbox of an address the account had never verified
   * (the account model in docs/decisions/account-model-and-passwords.md): what was set up before that
   * proof may be an attacker's. Without it, the email provider only marks
   * the address verified, as Auth.js does.
   */
  removeCredentials?(userId: string): Awaitable<void>
  /**
   * Not in Auth.js: roles and bans (adapters/capabilities.ts, accessMethods; all three or
   * none). getUserAccess: the user's stored roles, address and ban, null for an unknown user.
   */
  getUserAccess?(userId: string): Awaitable<UserAccessRecord | null>
  /** Stores the user's roles ("user" is implied); false: no such user. */
  setUserRoles?(userId: string, roles: readonly string[]): Awaitable<boolean>
  /** Stores a ban, or lifts it (null); false: no such user. */
  setUserBan?(userId: string, ban: StoredBan | null): Awaitable<boolean>
  /**
   * Ours, optional: what the database holds on the user that this adapter cannot serve, for an
   * adapter over rows another adapter wrote (an Auth.js adapter over the starter's tables). Every
   * sign-in asks it when the adapter lacks the two-factor or the access methods, and refuses a
   * user with a second factor or a ban in force rather than sign them in without it.
   */
  getUnservedStanding?(userId: string): Awaitable<UnservedStanding>
  /** Not in Auth.js, optional: records when the user last signed in (the admin list sorts by it). */
  setLastSignIn?(userId: string, at: Date): Awaitable<void>
  /** Not in Auth.js: the admin's user list (lib/auth/admin). */
  listUsers?(query: UserListQuery): Awaitable<UserListPage>
  createVerificationToken?(token: VerificationToken): Awaitable<VerificationToken | null | undefined>
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>
  /**
   * Not in Auth.js. Marks a WebAuthn challenge (by its SHA-256) as answered until `expires`.
   * Resolves true the first time, false when it was marked before: the response is a replay.
   * Records past their expiry may be deleted. Optional: without it each process remembers the
   * challenges it answered, so a replay on another instance is not caught.
   */
  useWebAuthnChallenge?(params: { challengeHash: string; expires: Date }): Awaitable<boolean>
  /**
   * Not in Auth.js: two-factor sign-in (lib/auth/two-factor). All six or none
   * (adapters/capabilities.ts, supportsTwoFactor); without them two-factor is
   * off. getTwoFactor: the user's record, or null when two-factor is off.
   */
  getTwoFactor?(userId: string): Awaitable<AdapterTwoFactor | null>
  /** Turns two-factor on (or replaces its secret) and replaces the user's recovery codes. */
  enableTwoFactor?(userId: string, params: EnableTwoFactor): Awaitable<void>
  /** Turns two-factor off: deletes the record and every recovery code of the user. */
  disableTwoFactor?(userId: string): Awaitable<void>
  /**
   * Records `step` as the last TOTP step used. Resolves true only when it is
   * later than the stored one, as one conditional write: of two concurrent
   * calls with the same step exactly one is true, so a code works once.
   * False also when the user has no two-factor record.
   */
  useTotpStep?(userId: string, step: number): Awaitable<boolean>
  /** Deletes the user's recovery codes, used or not, and stores these hashes instead. */
  replaceRecoveryCodes?(userId: string, codeHashes: readonly string[]): Awaitable<void>
  /**
   * Marks the user's unused recovery code with this hash as used, as one
   * conditional write: true for the one call that did, false for every other
   * (unknown, already used, or used by a concurrent call).
   */
  useRecoveryCode?(userId: string, codeHash: string): Awaitable<boolean>
  /**
   * Not in Auth.js: the security log (lib/auth/security-log). All three or
   * none (adapters/capabilities.ts); without them nothing is logged.
   * createSecurityEvent writes one entry.
   */
  createSecurityEvent?(event: NewSecurityEvent): Awaitable<void>
  /** The user's newest entries first, at most `limit`. */
  listSecurityEvents?(userId: string, limit: number): Awaitable<SecurityEvent[]>
  /** Deletes every entry written before `before`; resolves to how many. */
  deleteSecurityEventsBefore?(before: Date): Awaitable<number>
  /**
   * Not in Auth.js, optional on its own: whether the user has successful
   * sign-ins in the log, and one from `device`. Without it no sign-in is
   * reported as from a new device (the newDeviceSignIn event).
   */
  getSignInDeviceHistory?(userId: string, device: string): Awaitable<SignInDeviceHistory>
  /**
   * Not in Auth.js: organizations (lib/auth/organizations). All or none
   * (adapters/capabilities.ts, organizationMethods). createOrganization makes the
   * organization and its first member (the creator, with `roles`) together; null when the
   * slug is taken.
   */
  createOrganization?(organization: { name: string; slug: string; creatorId: string; roles: readonly string[] }): Awaitable<AdapterOrganization | null>
  getOrganization?(id: string): Awaitable<AdapterOrganization | null>
  getOrganizationBySlug?(slug: string): Awaitable<AdapterOrganization | null>
  /** Renames it or changes its slug (undefined: unchanged); null: no such organization; "slug-taken": another has the slug. */
  updateOrganization?(id: string, changes: { name?: string; slug?: string }): Awaitable<AdapterOrganization | null | "slug-taken">
  /** Deletes the organization with its members, invitations, teams and log; sessions that had it active lose it. */
  deleteOrganization?(id: string): Awaitable<boolean>
  /** The user's memberships with their organizations, oldest first. */
  listOrganizationsOfUser?(userId: string): Awaitable<{ organization: AdapterOrganization; member: AdapterMember }[]>
  getMember?(organizationId: string, userId: string): Awaitable<AdapterMember | null>
  listMembers?(organizationId: string): Awaitable<AdapterMember[]>
  /**
   * Sets the member's roles as one conditional write: "last-owner" (nothing changed) when the
   * member is an owner, `roles` has no "owner" and no other owner remains.
   */
  setMemberRoles?(organizationId: string, userId: string, roles: readonly string[]): Awaitable<MembershipChange>
  /** Removes the membership, under the same last-owner condition, and clears it as active organization in the user's sessions. */
  removeMember?(organizationId: string, userId: string): Awaitable<MembershipChange>
  /** Stores a pending invitation and marks every earlier pending one to the same address in that organization "replaced". */
  createInvitation?(invitation: NewInvitation): Awaitable<AdapterInvitation>
  getInvitationByTokenHash?(tokenHash: string): Awaitable<AdapterInvitation | null>
  listInvitations?(organizationId: string): Awaitable<AdapterInvitation[]>
  /** Cancels a pending invitation of this organization (also one an accept holds, status "claiming"); false when there is none with that id. */
  cancelInvitation?(organizationId: string, invitationId: string): Awaitable<boolean>
  /**
   * Claims the pending, unexpired invitation with this hash and makes `userId` a member with its
   * roles. The claim is one conditional write: of concurrent calls exactly one joins.
   * `memberLimit`: refuse when the organization already has that many members; the invitation then
   * stays pending, unless it was cancelled or replaced while the accept held it (that accept fails
   * as "unavailable", and the cancelled or replaced link stays dead).
   */
  acceptInvitation?(params: { tokenHash: string; userId: string; now: Date; memberLimit?: number }): Awaitable<AcceptInvitationResult>
  /** The database strategy's active organization of one session (null: none); false when there is no such session. */
  setSessionOrganization?(sessionToken: string, organizationId: string | null): Awaitable<boolean>
  getSessionOrganization?(sessionToken: string): Awaitable<string | null>
  /**
   * The session row with its user (as getSessionDetails answers them) and the user's membership of
   * the organization with this slug, in one statement: what an organization page needs to know of
   * its request. null: no such session; membership null: not a member, or no such organization.
   */
  getSessionAndMembership?(sessionToken: string, slug: string): Awaitable<(SessionAndMembership & { membership: MembershipRecord | null }) | null>
  /** Remembers that the user made this organization their active one (the next sign-in starts there). */
  setMemberLastActive?(organizationId: string, userId: string, at: Date): Awaitable<void>
  /**
   * The user's membership of `organizationId`, or (without one) of the organization they made
   * active most recently, with their memberships version, in one statement.
   */
  getActiveMembership?(userId: string, organizationId?: string): Awaitable<MembershipAtVersion>
  /**
   * Not in Auth.js, optional beside getSessionsValidSince: the same instant and the user's
   * memberships version in one statement, so the jwt strategy's revocation check learns
   * both for the price of one.
   */
  getSessionStanding?(userId: string): Awaitable<SessionStanding>
  createOrganizationActivity?(entry: NewOrganizationActivity): Awaitable<void>
  /** Newest first, at most `limit`. */
  listOrganizationActivity?(organizationId: string, limit: number): Awaitable<OrganizationActivityEntry[]>
  /**
   * Not in Auth.js: teams within an organization, when `organizations.teams` is on.
   * All or none (adapters/capabilities.ts, teamMethods). Every method names the organization with
   * the team: a team id of another organization matches nothing. createTeam: null when the
   * organization has a team of that name.
   */
  createTeam?(organizationId: string, name: string): Awaitable<AdapterTeam | null>
  getTeam?(organizationId: string, teamId: string): Awaitable<AdapterTeam | null>
  /** By name. */
  listTeams?(organizationId: string): Awaitable<AdapterTeam[]>
  renameTeam?(organizationId: string, teamId: string, name: string): Awaitable<AdapterTeam | null | "name-taken">
  /** Deletes the team with its team memberships. */
  deleteTeam?(organizationId: string, teamId: string): Awaitable<boolean>
  /** Adds a member of the organization to the team; a removed membership takes its team memberships with it. */
  addTeamMember?(organizationId: string, teamId: string, userId: string, roles: readonly string[]): Awaitable<AddTeamMemberResult>
  getTeamMember?(organizationId: string, teamId: string, userId: string): Awaitable<AdapterTeamMember | null>
  /** Oldest first. */
  listTeamMembers?(organizationId: string, teamId: string): Awaitable<AdapterTeamMember[]>
  /** false: the user is not in that team. */
  setTeamMemberRoles?(organizationId: string, teamId: string, userId: string, roles: readonly string[]): Awaitable<boolean>
  removeTeamMember?(organizationId: string, teamId: string, userId: string): Awaitable<boolean>
  /**
   * Not in Auth.js: single sign-on for organizations (lib/auth/sso), when `sso.enabled`. All or
   * none (adapters/capabilities.ts, ssoMethods). Every write names the organization: an id of
   * another organization's connection or domain matches nothing.
   */
  createSsoConnection?(connection: NewSsoConnection): Awaitable<AdapterSsoConnection>
  getSsoConnection?(id: string): Awaitable<AdapterSsoConnection | null>
  listSsoConnections?(organizationId: string): Awaitable<AdapterSsoConnection[]>
  updateSsoConnection?(organizationId: string, id: string, changes: SsoConnectionChanges): Awaitable<AdapterSsoConnection | null>
  /** Deletes the connection with its domains and the accounts linked through it. */
  deleteSsoConnection?(organizationId: string, id: string): Awaitable<boolean>
  /** A pending domain of the connection; null when the connection already has it (its state is left as it is). */
  createSsoDomain?(organizationId: string, connectionId: string, domain: string, verificationToken: string): Awaitable<AdapterSsoDomain | null>
  listSsoDomains?(organizationId: string): Awaitable<AdapterSsoDomain[]>
  getSsoDomain?(organizationId: string, id: string): Awaitable<AdapterSsoDomain | null>
  /** Marks this one domain verified, in one write that fails when another organization holds the domain verified. */
  verifySsoDomain?(organizationId: string, id: string, at: Date): Awaitable<DomainVerifyResult>
  deleteSsoDomain?(organizationId: string, id: string): Awaitable<boolean>
  /** The verified domain (lower-case) with its connection; null when no organization holds it verified. */
  getSsoRoute?(domain: string): Awaitable<SsoRoute | null>
  getOrganizationSsoRequired?(organizationId: string): Awaitable<boolean>
  setOrganizationSsoRequired?(organizationId: string, required: boolean): Awaitable<boolean>
  /**
   * Records a SAML assertion id (already scoped by its connection) until `expiresAt`; false when
   * it was recorded before: the assertion was used.
   */
  useSsoAssertion?(key: string, expiresAt: Date): Awaitable<boolean>
  /** Makes the user a member with `roles` unless they are one; answers the membership and whether it is new. */
  joinOrganizationBySso?(organizationId: string, userId: string, roles: readonly string[]): Awaitable<{ member: AdapterMember; joined: boolean }>
}

/**
 * An adapter object from any @auth/*-adapter, as its own package types it: the contract's methods,
 * whose parameter types differ in details the compiler cannot reconcile (Auth.js's user has a
 * non-null email and no index signature; ours allows null for providers that give none). The
 * object itself is used as it is: adapters/foreign-adapter.ts, authJsAdapter, only
 * retypes it; the library checks at start which methods are there (config/assert.ts).
 */
export type ForeignAdapter = { [K in keyof Adapter]?: (...args: never[]) => unknown }

/** What getSignInDeviceHistory answers (within the retained log). */
export interface SignInDeviceHistory {
  /** The user has at least one successful sign-in logged. */
  signedInBefore: boolean
  /** One of them came from the device asked about. */
  fromDevice: boolean
}
