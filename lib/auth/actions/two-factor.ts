/**
 * GET|POST /two-factor — the second step of a sign-in whose first factor
 * passed (see two-factor/second-step.ts). GET shows the page (or enrolment,
 * for a user who must set two-factor up); the CSRF-checked POST checks the
 * code. Attempts are counted per pending sign-in and per user in the shared
 * rate-limit store before the check, so parallel guesses stay bounded; a
 * right code gives its per-user hit back, so only wrong codes use the budget
 * up. Past the pending sign-in's limit it is void and the user starts over. A
 * browser that completed a second step for the user before counts against a
 * per-user budget of its own: strangers who have the password cannot spend
 * the owner's. Recovery codes have a per-user budget apart from authenticator
 * codes, and a passkey none: once strangers spent the codes' budget, the page
 * says so and the owner still finishes with either. Repeated wrong codes alert the owner once per window.
 * Without a pending sign-in there is nothing to finish: the sign-in page says so.
 */
import type { AuthContext } from "../context"
import { InvalidTwoFactorCode, MissingCSRF, TwoFactorSignInError } from "../errors"
import { emitEvent } from "../events"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { renderRecoveryCodesPage, renderTwoFactorEnrolPage, renderTwoFactorPage, TWO_FACTOR_CODES_PAUSED } from "../pages/two-factor"
import { pageHeaders } from "../pages/enhance-script"
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
    return { status: rendered.status, headers: pageHeaders(rendered), body: rendered.html, cookies: ctx.outCookies }
  }
  const passkey = await passkeyOption(ctx, pending.user.id)
  const rendered = renderTwoFactorPage({ ...base, passkey }, webauthnScriptElement())
  return { status: rendered.status, headers: passkey ? webauthnPageHeaders : pageHeaders(rendered), body: rendered.html, cookies: ctx.outCookies }
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
  outcome: { voided: boolean; alerting: boolean; detail?: string },
): Promise<void> {
  const alert = outcome.alerting && (await reachesAlert(ctx, pending.user.id))
  await recordSignInFailure(ctx, {
    userId: pending.user.id,
    method: tried,
    provider: pending.account?.provider,
    detail: outcome.detail ?? (outcome.voided ? "too many wrong codes" : tried === "totp" ? "wrong authenticator code" : "wrong recovery code"),
  })
  if (alert) await recordAlert(ctx, pending, tried)
  const provider = pending.account?.provider ?? null
  const failures = alert ? ctx.config.rateLimiter.rule("two-factor-failure-alert")?.limit : undefined
  await emitEvent(ctx.config, "twoFactorFailed", {
    userId: pending.user.id,
    method: tried,
    voided: outcome.voided,
    alert,
    provider,
    ...(failures !== undefined && { failures }),
  })
}

function secureCookies(ctx: AuthContext): boolean {
  return ctx.cookies.sessionToken.name.startsWith("__Secure-")
}

/** The per-user budget a code counts against: recovery codes have their own, as do known browsers. */
async function userBudget(ctx: AuthContext, pending: PendingSignIn, tried: "totp" | "recovery-code"): Promise<RateLimitHit> {
  if (tried === "recovery-code") return ["two-factor-recovery-user", pending.user.id]
  const mark = ctx.request.cookies[knownClientCookieName(secureCookies(ctx), "second-step")]
  const known = await isKnownClient(mark, pending.user.id, ctx.config.secrets, "second-step")
  return [known ? "two-factor-user-known-client" : "two-factor-user", pending.user.id]
}

/**
 * Counts one attempt, before the check ("paused": authenticator codes are
 * refused unchecked for now, the pending sign-in kept). Over the pending sign-in's limit, or
 * the recovery codes' per-user one, the pending sign-in is void. Over the
 * authenticator codes' per-user budget it is kept: the owner, whose budget a
 * stranger with the password spent, can still finish with a passkey or a
 * recovery code, which that stranger does not have. Resolves to the per-user
 * hit, for a right code to give back.
 */
async function countAttempt(ctx: AuthContext, pending: PendingSignIn, tried: "totp" | "recovery-code"): Promise<RateLimitHit | "paused"> {
  const userHit = await userBudget(ctx, pending, tried)
  const verdict = await ctx.config.rateLimiter.consumeAll([["two-factor-pending", pending.id], userHit])
  if (verdict.allowed) return userHit
  if (tried === "totp" && verdict.action === userHit[0]) {
    await secondStepFailed(ctx, pending, tried, { voided: false, alerting: false, detail: "authenticator codes paused" })
    return "paused"
  }
  ctx.outCookies.push(...clearPendingCookie(ctx))
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
  const code = field(ctx, "code")
  // Setting two-factor up takes an authenticator code only.
  const tried = pending.enrol || looksLikeTotp(code) ? "totp" : "recovery-code"
  const userHit = await countAttempt(ctx, pending, tried)
  if (userHit === "paused") {
    const retry = withQuery(custom ?? twoFactorPageUrl(ctx), { error: TWO_FACTOR_CODES_PAUSED, callbackUrl: pending.callbackUrl })
    return { redirect: retry, cookies: ctx.outCookies }
  }
  if (pending.enrol) return enrol(ctx, pending, userHit)

  const method = await verifySecondFactor(ctx.config, pending.user.id, code)
  if (!method) {
    await secondStepFailed(ctx, pending, tried, { voided: false, alerting: true })
    const retry = withQuery(custom ?? twoFactorPageUrl(ctx), { error: InvalidTwoFactorCode.type, callbackUrl: pending.callbackUrl })
    return { redirect: retry, cookies: ctx.outCookies }
  }
  // A right code is no guess: the per-user budget is for wrong ones.
  await ctx.config.rateLimiter.undo(...userHit)
  const done = await finishPendingSignIn(ctx, pending, method)
  return { redirect: done.destination, cookies: done.cookies }
}
