/**
 * Server-side signIn, signOut and update for Next.js server actions: the
 * core's server calls (lib/auth/frameworks/shared/server-calls.ts) fed with the user's
 * own request headers and the current cookies; the cookies they return are
 * set through next/headers. They never accept a redirect target on another
 * origin.
 */
import { headers as nextHeaders } from "next/headers"
import { redirect as nextRedirect } from "next/navigation"
import {
  type AuthorizationParams,
  type ServerCallContext,
  type ServerCallResult,
  type SignInOptions,
  serverSignIn,
  serverSignOut,
  serverUpdate,
} from "../frameworks/shared/server-calls"
import type { Session } from "../types"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"

export { relativeRedirect } from "../frameworks/shared/server-calls"
export type { AuthorizationParams, SignInOptions } from "../frameworks/shared/server-calls"

async function requestContext(prepared: PreparedConfig): Promise<ServerCallContext> {
  const headers = new Headers(await nextHeaders())
  // The cookies as they stand now, including any this action has already set.
  const cookie = await currentCookieHeader()
  return { config: prepared.action, origin: prepared.origin(headers), basePath: prepared.basePath, headers, cookie }
}

async function finish(result: ServerCallResult): Promise<string> {
  await setCookies(result.cookies)
  if (result.redirect) nextRedirect(result.url)
  return result.url
}

/**
 * Server-side signIn for server actions. With no (or an unknown) provider the
 * user goes to the sign-in page. Errors of the flow (e.g. CredentialsSignin)
 * are thrown to the caller; `redirect: false` returns the URL instead.
 */
export async function signIn(
  prepared: PreparedConfig,
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: AuthorizationParams,
): Promise<string> {
  return finish(await serverSignIn(await requestContext(prepared), provider, options, authorizationParams))
}

/** Server-side signOut: ends the session and redirects (or returns the URL with `redirect: false`). */
export async function signOut(
  prepared: PreparedConfig,
  options?: { redirectTo?: string; redirect?: boolean },
): Promise<string> {
  return finish(await serverSignOut(await requestContext(prepared), options))
}

/** Runs the session update flow (trigger "update") from the server and sets the refreshed cookie. */
export async function update(prepared: PreparedConfig, data: Partial<Session> | Record<string, unknown>): Promise<Session | null> {
  const { session, cookies } = await serverUpdate(await requestContext(prepared), data)
  await setCookies(cookies)
  return session
}
