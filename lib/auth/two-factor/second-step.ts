/**
 * The one way every first factor ends: either a session, or — when the user
 * has two-factor on, or must set it up — no session at all, only the pending
 * cookie and a redirect to the two-factor page. Credentials, email links,
 * OAuth/OIDC and passkeys all call startSession instead of creating a
 * session themselves, so no sign-in path can skip the second step; the
 * two-factor page calls finishPendingSignIn once the second step passed.
 */
import { customPageUrl, withQuery } from "../actions/pages"
import type { AuthContext } from "../context"
import { emitEvent } from "../events"
import type { ResponseInternal } from "../http/response"
import { knownClientCookie } from "../rate-limit/known-client"
import { isAcceptableCallbackUrl } from "../redirect"
import { isReauthentication } from "../security-log/reauthentication"
import { recordSignIn, type SecondStep, signInMethod } from "../security-log/sign-in"
import { createSession } from "../session/create"
import { signInRoles } from "../session/access"
import { refuseWhereSsoRequired } from "../sso/requirement"
import type { Account, Profile, User } from "../types"
import { clearPendingCookie, type FirstFactor, type PendingSignIn, pendingCookie } from "./pending"

export interface FirstFactorPassed {
  user: User
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  method: FirstFactor
  /**
   * The first factor was two factors already (a passkey with user
   * verification): no second step is asked for.
   */
  multiFactor?: boolean
}

/** The built-in two-factor page, or pages.twoFactor. */
export function twoFactorPageUrl(ctx: AuthContext): string {
  return customPageUrl(ctx, "twoFactor") ?? `${ctx.authUrl}/two-factor`
}

/** Where a finished sign-in goes: pages.newUser for a first sign-in, else the callback URL. */
function destination(ctx: AuthContext, callbackUrl: string, isNewUser: boolean): string {
  const newUserPage = isNewUser ? customPageUrl(ctx, "newUser") : undefined
  return newUserPage ? withQuery(newUserPage, { callbackUrl }) : callbackUrl
}

/** What the second step asks of this user: verify, enrol, or nothing. */
async function secondStepFor(ctx: AuthContext, user: User): Promise<"verify" | "enrol" | null> {
  const { adapter, required } = ctx.config.twoFactor
  if (!adapter || typeof user.id !== "string" || user.id === "") return null
  if (await adapter.getTwoFactor(user.id)) return "verify"
  return (await required(user)) ? "enrol" : null
}

/** A first factor passed: a session, or the pending second step. */
export async function startSession(ctx: AuthContext, passed: FirstFactorPassed): Promise<ResponseInternal> {
  const { user, account, profile, method } = passed
  const isNewUser = passed.isNewUser === true
  // Before the second step too: an address that must use its organization's SSO gets no further.
  await refuseWhereSsoRequired(ctx, user, account)
  const callbackUrl = await ctx.callbackUrl()
  const step = passed.multiFactor ? null : await secondStepFor(ctx, user)
  if (step) {
    // A banned user is refused before being asked for a code (createSession refuses the rest).
    await signInRoles(ctx.config, user.id)
    const cookies = await pendingCookie(ctx, {
      user: { ...user, id: user.id as string },
      account,
      isNewUser,
      callbackUrl,
      method,
      enrol: step === "enrol",
      // The second step's session is checked against when this sign-in began, not when it finished.
      startedAt: ctx.signInStartedAt,
    })
    return { redirect: withQuery(twoFactorPageUrl(ctx), { callbackUrl }), cookies: [...ctx.outCookies, ...cookies] }
  }
  // Each flow's own fields, as before two-factor: credentials name no profile and no isNewUser.
  const signedIn = {
    user,
    account,
    ...(profile !== undefined && { profile }),
    ...(passed.isNewUser !== undefined && { isNewUser }),
  }
  // Asked before the new session replaces the browser's current one.
  const reauthentication = await isReauthentication(ctx, user.id, account?.provider)
  // The start is the session's business, not the signIn event's.
  const sessionCookies = await createSession(ctx, { ...signedIn, startedAt: ctx.signInStartedAt })
  await recordSignIn(ctx, { userId: user.id, method: signInMethod(method), provider: account?.provider, isNewUser, reauthentication })
  await emitEvent(ctx.config, "signIn", signedIn)
  return { redirect: destination(ctx, callbackUrl, isNewUser), cookies: [...ctx.outCookies, ...sessionCookies] }
}

/** The callback URL the pending sign-in carries, checked again (the redirect callback may have changed). */
async function checkedCallbackUrl(ctx: AuthContext, url: string): Promise<string> {
  if (!isAcceptableCallbackUrl(url)) return ctx.origin
  const result = await ctx.config.callbacks.redirect({ url, baseUrl: ctx.origin })
  return typeof result === "string" && isAcceptableCallbackUrl(result) ? result : ctx.origin
}

/**
 * The second step passed: the pending cookie is cleared and the session the
 * first factor earned is created. Resolves to where the user goes next and
 * the cookies to set.
 */
export async function finishPendingSignIn(
  ctx: AuthContext,
  pending: PendingSignIn,
  secondStep: SecondStep,
): Promise<{ destination: string; cookies: ResponseInternal["cookies"] }> {
  const stored = await ctx.config.adapter?.getUser?.(pending.user.id)
  const user: User = stored ?? pending.user
  const { account, isNewUser } = pending
  const reauthentication = await isReauthentication(ctx, pending.user.id, account?.provider)
  const sessionCookies = await createSession(ctx, { user, account, isNewUser, startedAt: pending.startedAt })
  // The entry names the first factor; the detail says how the second step was passed.
  await recordSignIn(ctx, {
    userId: pending.user.id,
    method: signInMethod(pending.method),
    provider: account?.provider,
    isNewUser,
    secondStep,
    reauthentication,
  })
  await emitEvent(ctx.config, "signIn", { user, account, isNewUser })
  const callbackUrl = await checkedCallbackUrl(ctx, pending.callbackUrl)
  // This browser has now passed the user's second step: its later codes for the user count
  // against a budget of their own, which strangers holding the password cannot spend.
  const secure = ctx.cookies.sessionToken.name.startsWith("__Secure-")
  const known = await knownClientCookie(pending.user.id, ctx.config.secrets, secure, "second-step")
  return {
    destination: destination(ctx, callbackUrl, isNewUser),
    cookies: [...ctx.outCookies, ...clearPendingCookie(ctx), ...sessionCookies, known],
  }
}
