/** Client-side session access for React components (import from client components only). */
export { SessionProvider, useSession } from "./session-provider"
export type { SessionContextValue, SessionProviderProps, SessionStatus, UseSessionOptions } from "./session-provider"
export { getCsrfToken, getProviders, getSession, signIn, signOut } from "./client"
export type { ClientProvider, ClientSignInOptions, SignInResult } from "./client"
export type { AuthErrorCode, ReportedErrorType } from "../errors"
