/**
 * GET|POST /two-factor — the second step of a sign-in whose first factor
 * passed (see two-factor/second-step.ts). GET shows the page (or enrolment,
 * for a user who must set two-factor up); the CSRF-checked POST checks the
 * code. Attempts are counted per pending sign-in and per user in the shared
 * rate-limit store before the check, so parallel guesses stay bounded; a
 * right code gives its per-user hit back, so only wrong codes use the budget
 * up. Past a limit the pending sign-in is void and the user starts over. A
 * browser that completed a second step for the user before counts against a
 * per-user budget of its own: strangers who have the password cannot spend
 * the owner's. Repeated wrong codes alert the owner once per window.
 * Without a pending sign-in there is nothing to finish: the sign-in page says so.
 */
import type { AuthContext } from "../context"
import { InvalidTwoFactorCode, MissingCSRF, TwoFactorSignInError } from "../errors"
import { emitEvent } from "../events"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { renderRecoveryCodesPage, renderTwoFactorEnrolPage, renderTwoFactorPage } from "../pages/two-factor"
import { webauthnPageHeaders, webauthnScriptElement } from "../pages/webauthn"
import type { WebAuthnProviderConfig } from "../providers/types"
import { confirmSetup, setupFromSealed, beginSetup } from "../two-factor/enrolment"
import { clearPendingCookie, hasPendingCookie, type PendingSignIn, readPending } from "../two-factor/pending"
import { finishPendingSignIn, twoFactorPageUrl } from "../two-factor/second-step"
import { looksLikeTotp, verifySecondFactor } from "../two-factor/verify"
import { isKnownClient, knownClientCookieName } from "../rate-limit/known-client"
import type { RateLimitHit } from "../rate-limit/limiter"
import { recordSecurityEvent } from "../security-log/record"
import { recordSignInFailure } from "../security-log/sign-in"
import { customPageUrl, pageTheme, withQuery } from "./pages"

function signInUrl(ctx: AuthContext, callbackUrl: string): string {
  return withQuery(customPageUrl(ctx, "signIn") ?? `${ctx.authUrl}/signin`, { callbackUrl })
}

/** The pending sign-in, or the end of it: back to sign in, with the expired cookie cleared. */
async function requirePending(ctx: AuthContext): Promise<PendingSignIn> {
  const pending = await readPending(ctx)
  if (pending) return pending
  if (hasPendingCookie(ctx)) ctx.outCookies.push(...clearPendingCookie(ctx))
  throw new TwoFactorSignInError("two_factor_expired", "No pending two-factor sign-in (missing or expired)")
}

/** The passkey form's target, when the user has a passkey and a passkey provider is configured. */
async function passkeyOption(ctx: AuthContext, userId: string) {
  const provider = ctx.config.providers.find((p): p is WebAuthnProviderConfig => p.type === "webauthn")
  const adapter = ctx.config.adapters.webauthn
  if (!provider || !adapter || (await adapter.listAuthenticatorsByUserId(userId)).length === 0) return undefined
  return {
    providerId: provider.id,
    action: `${ctx.authUrl}/callback/${encodeURIComponent(provider.id)}`,
    basePath: ctx.config.basePath,
  }
}

async function page(ctx: AuthContext, pending: PendingSignIn, error?: string, sealedSecret?: string): Promise<ResponseInternal> {
  const base = {
    action: `${ctx.authUrl}/two-factor`,
    csrfToken: (await ctx.csrf()).token,
    callbackUrl: pending.callbackUrl,
    signInUrl: signInUrl(ctx, pending.callbackUrl),
    error,
    theme: pageTheme(ctx),
  }
  if (pending.enrol) {
    const setup = sealedSecret
      ? await setupFromSealed(ctx.config, pending.user, sealedSecret)
      : await beginSetup(ctx.config, pending.user)
    const rendered = renderTwoFactorEnrolPage({ ...base, ...setup })
    return { status: rendered.status, headers: htmlHeaders, body: rendered.html, cookies: ctx.outCookies }
  }
  const passkey = await passkeyOption(ctx, pending.user.id)
  const rendered = renderTwoFactorPage({ ...base, passkey }, webauthnScriptElement())
  return { status: rendered.status, headers: passkey ? webauthnPageHeaders : htmlHeaders, body: rendered.html, cookies: ctx.outCookies }
}

/**
 * Counts one more wrong code for the user; true for the one that reaches the
 * alert rule's limit, which happens once per window (each hit gets its own count).
 */
async function reachesAlert(ctx: AuthContext, userId: string): Promise<boolean> {
  const verdict = await ctx.config.rateLimiter.consume("two-factor-failure-alert", userId)
  return verdict.allowed && verdict.remaining === 0
}

/** The alert's log entry in the owner's words: how many wrong codes in how long. */
async function recordAlert(ctx: AuthContext, pending: PendingSignIn, tried: "totp" | "recovery-code"): Promise<void> {
  const rule = ctx.config.rateLimiter.rule("two-factor-failure-alert")
  const minutes = Math.max(1, Math.round((rule?.windowSeconds ?? 0) / 60))
  await recordSecurityEvent(ctx.config, ctx.request.request, {
    userId: pending.user.id,
    type: "two-factor-failures",
    outcome: "failure",
    method: tried,
    provider: pending.account?.provider,
    detail: `${rule?.limit ?? "several"} wrong codes within ${minutes} minute${minutes === 1 ? "" : "s"}`,
  })
}

/**
 * A wrong second-step code: the app's event, and a failed sign-in in the
 * user's log (never the code). A wrong code typed against an existing second
 * factor (`alerting`) also counts towards the owner's alert; a void attempt
 * was never checked, and a wrong code while setting two-factor up guards no
 * factor yet.
 */
async function secondStepFailed(
  ctx: AuthContext,
  pending: PendingSignIn,
  tried: "totp" | "recovery-code",
  outcome: { voided: boolean; alerting: boolean },
): Promise<void> {
  const alert = outcome.alerting && (await reachesAlert(ctx, pending.user.id))
  await recordSignInFailure(ctx, {
    userId: pending.user.id,
    method: tried,
    provider: pending.account?.provider,
    detail: outcome.voided ? "too many wrong codes" : tried === "totp" ? "wrong authenticator code" : "wrong recovery code",
  })
  if (alert) await recordAlert(ctx, pending, tried)
  await emitEvent(ctx.config, "twoFactorFailed", { userId: pending.user.id, method: tried, voided: outcome.voided, alert })
}

function secureCookies(ctx: AuthContext): boolean {
  return ctx.cookies.sessionToken.name.startsWith("__Secure-")
}

/**
 * Counts one attempt, before the check; over a limit the pending sign-in is
 * void. Resolves to the per-user hit, for a right code to give back.
 */
async function countAttempt(ctx: AuthContext, pending: PendingSignIn): Promise<RateLimitHit> {
  const limiter = ctx.config.rateLimiter
  const mark = ctx.request.cookies[knownClientCookieName(secureCookies(ctx), "second-step")]
  const known = await isKnownClient(mark, pending.user.id, ctx.config.secrets, "second-step")
  const userHit: RateLimitHit = [known ? "two-factor-user-known-client" : "two-factor-user", pending.user.id]
  const verdict = await limiter.consumeAll([["two-factor-pending", pending.id], userHit])
  if (verdict.allowed) return userHit
  ctx.outCookies.push(...clearPendingCookie(ctx))
  const tried = looksLikeTotp(field(ctx, "code")) ? "totp" : "recovery-code"
  await secondStepFailed(ctx, pending, tried, { voided: true, alerting: false })
  throw new TwoFactorSignInError("two_factor_rate_limited", "Too many wrong two-factor codes")
}

function field(ctx: AuthContext, name: string): string {
  const value = ctx.request.body?.[name]
  return typeof value === "string" ? value : ""
}

async function enrol(ctx: AuthContext, pending: PendingSignIn, userHit: RateLimitHit): Promise<ResponseInternal> {
  const sealedSecret = field(ctx, "sealedSecret")
  let recoveryCodes: string[]
  try {
    ;({ recoveryCodes } = await confirmSetup(ctx.config, pending.user.id, sealedSecret, field(ctx, "code"), ctx.request.request))
  } catch (error) {
    if (!(error instanceof InvalidTwoFactorCode)) throw error
    await secondStepFailed(ctx, pending, "totp", { voided: false, alerting: false })
    // The same secret again, so the app the user just set up keeps working.
    return page(ctx, pending, InvalidTwoFactorCode.type, sealedSecret)
  }
  await ctx.config.rateLimiter.undo(...userHit)
  const done = await finishPendingSignIn(ctx, pending, "enrolment")
  const rendered = renderRecoveryCodesPage({ codes: recoveryCodes, continueUrl: done.destination, theme: pageTheme(ctx) })
  return { status: rendered.status, headers: htmlHeaders, body: rendered.html, cookies: done.cookies }
}

export async function twoFactor(ctx: AuthContext): Promise<ResponseInternal> {
  const custom = customPageUrl(ctx, "twoFactor")
  if (ctx.request.method === "GET") {
    if (custom) return { redirect: `${custom}${ctx.request.url.search}` }
    const pending = await requirePending(ctx)
    const error = ctx.request.query.error
    return page(ctx, pending, typeof error === "string" ? error : undefined)
  }

  if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
  const pending = await requirePending(ctx)
  const userHit = await countAttempt(ctx, pending)
  if (pending.enrol) return enrol(ctx, pending, userHit)

  const code = field(ctx, "code")
  const method = await verifySecondFactor(ctx.config, pending.user.id, code)
  if (!method) {
    const tried = looksLikeTotp(code) ? "totp" : "recovery-code"
    await secondStepFailed(ctx, pending, tried, { voided: false, alerting: true })
    const retry = withQuery(custom ?? twoFactorPageUrl(ctx), { error: InvalidTwoFactorCode.type, callbackUrl: pending.callbackUrl })
    return { redirect: retry, cookies: ctx.outCookies }
  }
  // A right code is no guess: the per-user budget is for wrong ones.
  await ctx.config.rateLimiter.undo(...userHit)
  const done = await finishPendingSignIn(ctx, pending, method)
  return { redirect: done.destination, cookies: done.cookies }
}
