/**
 * What an adapter can do, as types the compiler checks. Every adapter method
 * is optional in the contract (an app passes only what its configuration
 * needs), so each feature names the methods it calls, and the resolved
 * configuration holds one typed view of the adapter per feature — present
 * only when every one of those methods is. Code that signs users in asks for
 * its view instead of asserting methods exist. This module only inspects; it
 * never calls the adapter.
 */
import { MissingAdapterMethods } from "../errors"
import type { Adapter } from "./types"

type AdapterMethod = keyof Adapter

/** The adapter with the named methods present. */
export type AdapterWith<K extends AdapterMethod> = Adapter & Required<Pick<Adapter, K>>

export const sessionMethods = ["createSession", "getSessionAndUser", "updateSession", "deleteSession"] as const
/** The account-linking rules every provider shares (lib/auth/actions/callback/handle-login.ts). */
export const linkingMethods = ["createUser", "getUser", "getUserByEmail", "linkAccount"] as const
/** OAuth/OIDC sign-in: linking, plus finding the user of a provider account. */
export const accountMethods = [...linkingMethods, "getUserByAccount"] as const
export const emailMethods = [
  "createVerificationToken",
  "useVerificationToken",
  "getUserByEmail",
  "createUser",
  "updateUser",
] as const
/** Passkeys: what every Auth.js adapter with authenticators has; passkeys need no more. */
export const webauthnMethods = [
  ...linkingMethods,
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const
/**
 * Ours, not Auth.js's: a shared record of answered passkey challenges, so each is single-use on
 * every instance. Without it the challenge lives in its cookie alone
 * (relying-party/challenge-replay.ts says what that leaves open).
 */
export const webauthnChallengeMethods = ["useWebAuthnChallenge"] as const
/** Keeping a stored access token fresh (getAccessToken). */
export const refreshMethods = ["getAccount", "updateAccount"] as const
/** A user listing and revoking their own sessions. */
export const sessionListingMethods = ["getSessionAndUser", "listSessions", "deleteSessions", "deleteSession"] as const

/** Revoking jwt sessions: a per-user "sessions valid since" instant (session/revocation.ts). */
export const revocationMethods = ["getSessionsValidSince", "setSessionsValidSince"] as const

/** Two-factor sign-in (lib/auth/two-factor): its record, single-use TOTP steps and recovery codes. */
export const twoFactorMethods = [
  "getTwoFactor",
  "enableTwoFactor",
  "disableTwoFactor",
  "useTotpStep",
  "replaceRecoveryCodes",
  "useRecoveryCode",
] as const

/**
 * The security log (lib/auth/security-log): all three or none. Without them
 * nothing is logged and a user's list is empty. getSignInDeviceHistory is
 * optional beside them (new-device detection).
 */
export const securityLogMethods = ["createSecurityEvent", "listSecurityEvents", "deleteSecurityEventsBefore"] as const

/** Roles and bans (lib/auth/access): all three or none; without them every user holds only "user" and nobody is banned. */
export const accessMethods = ["getUserAccess", "setUserRoles", "setUserBan"] as const

/** The admin's operations (lib/auth/admin): the access methods, the user list and the session methods they end. */
export const adminMethods = [...accessMethods, "listUsers", "getUser", "deleteUser", "listSessions", "deleteSession", "deleteSessions"] as const

/** Organizations (lib/auth/organizations): all or none. */
export const organizationMethods = [
  "createOrganization",
  "getOrganization",
  "getOrganizationBySlug",
  "updateOrganization",
  "deleteOrganization",
  "listOrganizationsOfUser",
  "getMember",
  "listMembers",
  "setMemberRoles",
  "removeMember",
  "createInvitation",
  "getInvitationByTokenHash",
  "listInvitations",
  "cancelInvitation",
  "acceptInvitation",
  "setSessionOrganization",
  "getSessionOrganization",
  "getSessionAndMembership",
  "setMemberLastActive",
  "getActiveMembership",
  "createOrganizationActivity",
  "listOrganizationActivity",
] as const

export type OrganizationAdapter = AdapterWith<(typeof organizationMethods)[number]>

/** Teams within organizations (lib/auth/organizations/teams.ts), when `organizations.teams` is on: all or none. */
export const teamMethods = [
  "createTeam",
  "getTeam",
  "listTeams",
  "renameTeam",
  "deleteTeam",
  "addTeamMember",
  "getTeamMember",
  "listTeamMembers",
  "setTeamMemberRoles",
  "removeTeamMember",
] as const

export type TeamAdapter = AdapterWith<(typeof teamMethods)[number]>

/** Single sign-on for organizations (lib/auth/sso), when `sso.enabled`: all or none. */
export const ssoMethods = [
  "createSsoConnection",
  "getSsoConnection",
  "listSsoConnections",
  "updateSsoConnection",
  "deleteSsoConnection",
  "createSsoDomain",
  "listSsoDomains",
  "getSsoDomain",
  "verifySsoDomain",
  "deleteSsoDomain",
  "getSsoRoute",
  "getOrganizationSsoRequired",
  "setOrganizationSsoRequired",
  "useSsoAssertion",
  "joinOrganizationBySso",
] as const

export type SsoAdapter = AdapterWith<(typeof ssoMethods)[number]>

export type AccessAdapter = AdapterWith<(typeof accessMethods)[number]>
export type AdminAdapter = AdapterWith<(typeof adminMethods)[number]>
export type SessionAdapter = AdapterWith<(typeof sessionMethods)[number]>
export type LinkingAdapter = AdapterWith<(typeof linkingMethods)[number]>
export type AccountAdapter = AdapterWith<(typeof accountMethods)[number]>
export type EmailAdapter = AdapterWith<(typeof emailMethods)[number]>
export type WebAuthnAdapter = AdapterWith<(typeof webauthnMethods)[number]>
export type WebAuthnChallengeStore = AdapterWith<(typeof webauthnChallengeMethods)[number]>
export type RefreshAdapter = AdapterWith<(typeof refreshMethods)[number]>
export type SessionListingAdapter = AdapterWith<(typeof sessionListingMethods)[number]>
export type RevocationAdapter = AdapterWith<(typeof revocationMethods)[number]>
export type TwoFactorAdapter = AdapterWith<(typeof twoFactorMethods)[number]>
export type SecurityLogAdapter = AdapterWith<(typeof securityLogMethods)[number]>

/** True when the adapter has every one of `methods` (a type guard, so no cast is needed after it). */
export function hasMethods<K extends AdapterMethod>(
  adapter: Adapter | undefined,
  methods: readonly K[],
): adapter is AdapterWith<K> {
  return adapter !== undefined && methods.every((m) => typeof adapter[m] === "function")
}

/** Whether the adapter stores single sign-on connections and domains: an app turns `sso.enabled` on only then. */
export function supportsSso(adapter: Adapter | undefined): adapter is SsoAdapter {
  return hasMethods(adapter, ssoMethods)
}

/**
 * Whether the adapter can store second factors. Auth.js adapters cannot:
 * two-factor is then off, and a configuration that requires it is refused
 * with the names from missingTwoFactorMethods.
 */
export function supportsTwoFactor(adapter: Adapter | undefined): adapter is TwoFactorAdapter {
  return hasMethods(adapter, twoFactorMethods)
}

/** The two-factor methods the adapter lacks (all of them without an adapter), for a configuration error. */
export function missingTwoFactorMethods(adapter: Adapter | undefined): (typeof twoFactorMethods)[number][] {
  return twoFactorMethods.filter((m) => typeof adapter?.[m] !== "function")
}

/** The adapter's typed views, computed once when the configuration is resolved. */
export interface AdapterViews {
  session?: SessionAdapter
  account?: AccountAdapter
  email?: EmailAdapter
  webauthn?: WebAuthnAdapter
  /** Absent for an Auth.js adapter without the companion: challenges are then the cookie's alone. */
  webauthnChallenges?: WebAuthnChallengeStore
}

export function adapterViews(adapter: Adapter | undefined): AdapterViews {
  return {
    session: hasMethods(adapter, sessionMethods) ? adapter : undefined,
    account: hasMethods(adapter, accountMethods) ? adapter : undefined,
    email: hasMethods(adapter, emailMethods) ? adapter : undefined,
    webauthn: hasMethods(adapter, webauthnMethods) ? adapter : undefined,
    webauthnChallenges: hasMethods(adapter, webauthnChallengeMethods) ? adapter : undefined,
  }
}

const viewMethods: { [V in keyof AdapterViews]-?: readonly AdapterMethod[] } = {
  session: sessionMethods,
  account: accountMethods,
  email: emailMethods,
  webauthn: webauthnMethods,
  webauthnChallenges: webauthnChallengeMethods,
}

/**
 * The view a feature needs. The configuration check has already refused a
 * configuration whose adapter lacks these methods, so this throws only when
 * that check was bypassed; the error names the missing methods.
 */
export function adapterView<V extends keyof AdapterViews>(views: AdapterViews, view: V): NonNullable<AdapterViews[V]> {
  const adapter = views[view]
  if (!adapter) {
    throw new MissingAdapterMethods(`This needs an adapter with ${viewMethods[view].join(", ")}.`)
  }
  return adapter
}
