/**
 * lib/auth — the framework-free core. `Auth(request, config)` handles every
 * auth route; the Next.js layer (lib/auth/next) and the Prisma adapter
 * (lib/auth/adapters/prisma) are thin layers on it.
 *
 * This file is the core's entry point. The others: next, next/instrumentation,
 * react, express, sveltekit, adapters/prisma, webauthn (the browser's passkey
 * client) and providers/<id>. Code outside lib/auth imports nothing else (the
 * lint rule in eslint.config.mjs), so every name below is listed on purpose.
 */
export { Auth, resolveAuthConfig } from "./auth"
export type { ResponseInternal } from "./http/response"
export { raw, skipCSRFCheck, customFetch } from "./symbols"
export { isAcceptableCallbackUrl, isRelativePath } from "./redirect"
export { encode, decode, KeyRing } from "./jwt"
export { getToken, type GetTokenParams } from "./token"
export {
  AccessDenied,
  AccountNotLinked,
  AccountSuspended,
  PermissionDenied,
  OrganizationError,
  SsoError,
  type SsoErrorCode,
  OrganizationsUnsupported,
  type OrganizationErrorCode,
  ImpersonationRefused,
  AdapterError,
  AuthError,
  BadRequest,
  BasePathMismatch,
  CallbackRouteError,
  CredentialsRateLimited,
  CredentialsSignin,
  CrossSiteRequest,
  DatabaseUnavailable,
  DuplicateConditionalUI,
  EmailSignInError,
  EventError,
  ExperimentalFeatureNotEnabled,
  InvalidCheck,
  InvalidEndpoints,
  InvalidEnvironmentVariable,
  InvalidProvider,
  InvalidProviderIssuer,
  InvalidTwoFactorCode,
  MailDeliveryError,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingCSRF,
  MissingSecretError,
  MissingWebAuthnAutocomplete,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  OAuthSignInError,
  ProviderUnavailable,
  type ProviderUnavailableCode,
  RateLimitStoreError,
  ReauthenticationRequired,
  RefreshTokenError,
  SignInError,
  SignOutError,
  TwoFactorSignInError,
  TwoFactorUnsupported,
  UnsupportedStrategy,
  UntrustedHost,
  Verification,
  WebAuthnVerificationError,
  ERROR_HEADER,
  retryAfterOf,
  type AuthErrorCause,
  type AuthErrorCode,
  type ClientSafeErrorType,
  type CredentialsErrorCode,
  type EmailSignInErrorCode,
  type ErrorKind,
  type ErrorType,
  type MailDeliveryReason,
  type ReportedErrorType,
  type WebAuthnErrorCode,
  type TwoFactorSignInErrorCode,
} from "./errors"
export { urlVariableProblem, type EnvironmentCheck, type UrlVariableRule } from "./config/env-check"
// Breached passwords (ASVS 6.2.12): the k-anonymity range client and its two AUTH_* settings; the policy is the app's.
export {
  checkBreachedPassword,
  DEFAULT_BREACHED_PASSWORD_TIMEOUT_MS,
  type BreachedPasswordFailure,
  type BreachedPasswordOptions,
  type BreachedPasswordVerdict,
} from "./breached-password"
export { breachedPasswordsOnErrorFromEnv, breachedPasswordsUrlFromEnv, type BreachedPasswordsOnError } from "./env"
export type {
  Account,
  Awaitable,
  Cookie,
  CookieKey,
  CookieOption,
  CookieSerializeOptions,
  CookiesOptions,
  CookiesOverrides,
  JWT,
  JWTDecodeParams,
  JWTEncodeParams,
  JWTOptions,
  PagesOptions,
  Profile,
  ProviderType,
  Session,
  Theme,
  TokenSet,
  User,
} from "./types"
export type { AuthConfig, CallbacksOptions, EventCallbacks, SessionOptions, TwoFactorOptions } from "./config/types"
// Step-up: the framework-neutral decision behind Next's requireRecentAuthentication (Express, SvelteKit, …).
export { needsReauthentication } from "./session/step-up"
export type { SessionProof } from "./config/resolved"
export type {
  Adapter,
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  ForeignAdapter,
  NewAdapterSession,
  UnservedStanding,
  VerificationToken,
} from "./adapters/types"
// Any @auth/*-adapter as the configuration's adapter, and what it lacks.
export { authJsAdapter, featureGaps, type FeatureGap } from "./adapters/foreign-adapter"
export { webAuthnChallengeCompanion } from "./adapters/companion/webauthn-challenge"
export { sessionProofCompanion } from "./adapters/companion/session-proof"
export type { CompanionSql } from "./adapters/companion/sql"
export type {
  CommonProviderOptions,
  CredentialInput,
  CredentialsConfig,
  OAuthProviderConfig,
  EmailProviderConfig,
  RelyingPartyOptions,
  WebAuthnFormField,
  WebAuthnRequirement,
  WebAuthnProviderConfig,
  ProviderConfig,
  Provider,
} from "./providers/types"
export type { LoggerInstance, WarningCode } from "./logger"
export { getAccessToken, refreshAccessTokenInJwt } from "./access-tokens"
export {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  regenerateRecoveryCodes,
  disableTwoFactor,
  getTwoFactorStatus,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "./two-factor-settings"
export type { AccessTokenResult, JwtProviderTokens } from "./access-tokens"
export type { OAuthConfig, OAuthUserConfig } from "./providers/oauth-types"
export {
  listUserSessions,
  revokeUserSession,
  revokeOtherUserSessions,
  revokeAllUserSessions,
  publicSessionId,
} from "./session/user-sessions"
export type { SessionListing, RevokeResult, RevokeOthersResult, UserSessionInfo } from "./session/user-sessions"
// The one revocation call every path that ends a user's sessions goes through.
export { revokeUserSessions, type RevokeUserSessionsOptions, type RevokeUserSessionsResult } from "./revoke-sessions"
export { ValidSinceCache } from "./session/valid-since-cache"
// A channel between instances, so a revocation on one reaches the others at once (the Redis and
// PostgreSQL transports: @/lib/auth/revocation-transports).
export type { RevocationChannel, RevocationChannelConnection } from "./session/revocation-channel"
export type { RevocationStore } from "./session/revocation-store"
export type { SessionRevocation } from "./config/resolved"
export { describeUserAgent, storedUserAgent } from "./session/user-agent"
// The security log: what a user can read back about their account (Settings › Security activity).
export { recordSecurityEvent, requestOrigin, type RequestOrigin, type SecurityLogEntry } from "./security-log/record"
export { listSecurityEvents } from "./security-log/list"
export { pruneSecurityLog, retentionCutoff } from "./security-log/prune"
export { securityLogFailures } from "./security-log/failures"
export { addressPrefix, deviceKey } from "./security-log/device"
export type {
  NewSecurityEvent,
  SecurityEvent,
  SecurityEventMethod,
  SecurityEventOutcome,
  SecurityEventType,
} from "./security-log/types"
export type { NewDeviceSignIn, SecurityLogOptions } from "./config/types"
export {
  MemoryRateLimitStore,
  PrismaRateLimitStore,
  RedisRateLimitStore,
  type MemoryStoreOptions,
  type PrismaRawClient,
  type PrismaStoreOptions,
  type RateLimitHit,
  type RateLimitRule,
  type RateLimitRules,
  type RateLimitSequenceVerdict,
  type RateLimitStore,
  type RateLimitVerdict,
  type RateLimitWindow,
  type RedisStoreOptions,
} from "./rate-limit"
export { InvalidEmailAddress, MAX_EMAIL_LENGTH, normalizeEmailAddress, type EmailProblem } from "./email/normalize"
export { cleanDisplayName, MAX_DISPLAY_NAME_LENGTH, normalizeDisplayName } from "./profile-text"
export { oneLineSubject } from "./email/subject-line"
export { mailLinkOrigin, mailOriginProblem } from "./email/link-origin"
export {
  renderActionMail,
  renderNoticeMail,
  renderSignInMail,
  type ActionMailParams,
  type MailAttachment,
  type NoticeMailParams,
  type RenderedMail,
} from "./email/templates"
export { providerIcon } from "./pages/icons"
export type { SafeHtml } from "./pages/escape"

// Roles, permissions, bans and the admin operations.
export {
  ADMIN_ROLE,
  USER_ROLE,
  builtInResources,
  defaultAccessControl,
  defineAccessControl,
  hasPermission,
  rolesOf,
  type AccessControl,
  type AccessControlDefinition,
  type BuiltInResources,
  type PermissionRequest,
  type Resources,
  type SessionWithRoles,
} from "./access/control"
export { routeRules, type RouteRule, type RouteVerdict } from "./access/route-rules"
export { impersonationMaxAge, impersonationMaxAgeFromEnv, parseAdminEmails, type UserListEntry, type UserListPage, type UserListQuery } from "./access/user-access"
export type { AccessOptions } from "./config/types"
export { banUser, unbanUser, setUserRoles, type BanOptions, type StandingChangeOrigin, type StandingResult } from "./admin/standing"
export {
  startImpersonation,
  stopImpersonation,
  type ImpersonationStarted,
  type ImpersonationStopped,
} from "./admin/impersonation"
export {
  adminOperations,
  type AdminActor,
  type AdminOperations,
  type AdminOperationsOptions,
  type AdminSessionInfo,
  type AdminSessionListing,
} from "./admin/operations"


// Organizations.
export { organizationOperations, type OrganizationOperations } from "./organizations/operations"
export { ssoOperations, type SsoOperations } from "./sso/operations"
export { supportsSso } from "./adapters/capabilities"
export type { SsoConnectionView, SsoDomainView, SsoConnectionInput, SsoConnectionUpdate } from "./sso/manage"
export type { SsoOptions } from "./config/sso"
export type { AdapterSsoConnection, AdapterSsoDomain, SsoRoleMapping, SsoConnectionKind } from "./sso/types"
export { prepareAccountDeletion, type DepartureResult } from "./organizations/departure"
export { defineOrganizationAccess, defaultOrganizationAccess, organizationResources, type OrganizationResources } from "./organizations/roles"
export { isValidSlug, slugFromName } from "./organizations/slug"
export { invitationTokenHash } from "./organizations/invitations"
export type { OrganizationActor, Membership } from "./organizations/context"
export { ACTIVE_ORGANIZATION_CLAIM } from "./organizations/active"
export { defineTeamAccess, defaultTeamAccess, teamResources, TEAM_LEAD_ROLE, TEAM_MEMBER_ROLE, type TeamResources } from "./organizations/team-roles"
export type { AdapterTeam, AdapterTeamMember, AddTeamMemberResult } from "./organizations/team-types"
export type { TeamOptions } from "./config/teams"
export type { OrganizationEvent, OrganizationOptions } from "./config/organizations"
export {
  MEMBER_ROLE,
  ORG_ADMIN_ROLE,
  OWNER_ROLE,
  type AdapterInvitation,
  type AdapterMember,
  type AdapterOrganization,
  type OrganizationActivityEntry,
  type OrganizationEventType,
} from "./organizations/types"
