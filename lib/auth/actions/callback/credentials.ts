/**
 * POST /callback/:id for a credentials provider: CSRF check, the app's
 * authorize(), the signIn callback, then a session through the configured
 * strategy. It never stores the credentials and never says which one was
 * wrong.
 */
import { runSignInCallback } from "../../callbacks"
import type { AuthContext } from "../../context"
import { AuthError, BadRequest, CallbackRouteError, CredentialsRateLimited, CredentialsSignin, MissingCSRF } from "../../errors"
import type { ResponseInternal } from "../../http/response"
import { startSession } from "../../two-factor/second-step"
import { rememberTypedEmail } from "../remembered-email"
import type { Account, User } from "../../types"
import type { CredentialsConfig } from "../../providers/types"
import { beginCredentialsAttempt, type CredentialsAttempt } from "./credentials-limits"
import { logCredentialsRateLimited, logCredentialsRefused } from "./credentials-log"

/** The request handed to authorize(): the body already read, re-serialised as JSON. */
function authorizeRequest(ctx: AuthContext): Request {
  const headers = new Headers(ctx.request.headers)
  headers.set("content-type", "application/json")
  headers.delete("content-length")
  return new Request(ctx.request.url, { method: "POST", headers, body: JSON.stringify(ctx.request.body ?? {}) })
}

async function authorize(ctx: AuthContext, provider: CredentialsConfig): Promise<User> {
  let user: User | null
  try {
    user = await provider.authorize(ctx.request.body ?? {}, authorizeRequest(ctx))
  } catch (cause) {
    if (cause instanceof AuthError) throw cause
    throw new CallbackRouteError("authorize() threw", { cause: { err: cause, provider: provider.id } })
  }
  if (!user) throw new CredentialsSignin("authorize() returned no user")
  return user
}

/** POST /callback/:credentialsProviderId — CSRF-checked, then authorize(), then a session. */
export async function credentialsCallback(ctx: AuthContext, provider: CredentialsConfig): Promise<ResponseInternal> {
  if (ctx.request.method !== "POST") throw new BadRequest(400)
  if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")

  let authorized: User
  let attempt: CredentialsAttempt
  try {
    // Counted before the check (and refused here when over a limit): see credentials-limits.ts.
    attempt = await beginCredentialsAttempt(ctx, provider)
    authorized = await authorize(ctx, provider)
  } catch (error) {
    // The sign-in page shows the email again; the error redirect carries ctx.outCookies.
    if (error instanceof CredentialsSignin) rememberTypedEmail(ctx, provider)
    // In the security log of the account the address names; the logging never throws.
    if (error instanceof CredentialsRateLimited) await logCredentialsRateLimited(ctx, provider)
    else if (error instanceof CredentialsSignin) await logCredentialsRefused(ctx, provider)
    throw error
  }
  await attempt.succeeded()
  const user: User = { ...authorized, id: authorized.id === undefined ? crypto.randomUUID() : String(authorized.id) }
  const account: Account = { providerAccountId: user.id as string, type: "credentials", provider: provider.id }

  const credentials = { ...(ctx.request.body ?? {}) }
  const signInResult = await runSignInCallback(ctx, { user, account, credentials })
  if (signInResult.redirect) return { redirect: signInResult.redirect, cookies: ctx.outCookies }

  return startSession(ctx, { user, account, method: "credentials" })
}
