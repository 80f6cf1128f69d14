/**
 * lib/auth — the framework-free core. `Auth(request, config)` handles every
 * auth route; the Next.js layer (lib/auth/next) and the Prisma adapter
 * (lib/auth/adapters/prisma) are thin layers on it.
 */
export { Auth, resolveAuthConfig } from "./auth"
export type { ResponseInternal } from "./http/response"
export { raw, skipCSRFCheck, customFetch } from "./symbols"
export { isAcceptableCallbackUrl, isRelativePath } from "./redirect"
export { encode, decode, KeyRing } from "./jwt"
export { getToken, type GetTokenParams } from "./token"
export * from "./errors"
export { urlVariableProblem, type EnvironmentCheck, type UrlVariableRule } from "./config/env-check"
export type * from "./types"
export { getAccessToken, refreshAccessTokenInJwt } from "./oauth/refresh"
export type { AccessTokenResult, JwtProviderTokens } from "./oauth/refresh"
export type { OAuthConfig, OAuthUserConfig } from "./providers/oauth-types"
export {
  listUserSessions,
  revokeUserSession,
  revokeOtherUserSessions,
  revokeAllUserSessions,
  publicSessionId,
} from "./session/user-sessions"
export type { SessionListing, RevokeResult, RevokeOthersResult, UserSessionInfo } from "./session/user-sessions"
export { ValidSinceCache } from "./session/valid-since-cache"
export type { SessionRevocation } from "./session/revocation"
export { describeUserAgent, storedUserAgent } from "./session/user-agent"
