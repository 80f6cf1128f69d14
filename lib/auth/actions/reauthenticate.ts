/**
 * GET/POST {basePath}/reauthenticate: step-up (OWASP ASVS 5.0 7.5.1). GET
 * shows "Confirm it's you" with the ways this user has; POST checks them
 * (reauthenticate-ways.ts says which: a user with two-factor on gives the
 * password AND a code, or the code alone when they have no password; the
 * password alone never proves a two-factor user), and on success records the
 * proof on the session, under a new session token with the database strategy
 * (the session's other data kept), and returns to the callbackUrl. A passkey goes through the passkey callback and an email link
 * through the email provider: both sign in afresh, second step included,
 * which records a new proof too. Wrong answers come back as `?error=` and
 * count per user; every attempt is written to the user's security log; a
 * signed-out visitor goes to sign-in.
 */
import type { AuthContext } from "../context"
import { databaseUnavailableIn } from "../config/database-outage"
import { AuthError, CredentialsSignin } from "../errors"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { pageHeaders } from "../pages/enhance-script"
import { renderImpersonationReauthenticatePage, renderReauthenticatePage, type ReauthenticateErrorCode } from "../pages"
import { webauthnPageHeaders } from "../pages/webauthn"
import type { CredentialsConfig, ProviderConfig } from "../providers/types"
import { recordReauthentication, type ReauthenticationAttempt } from "../security-log/reauthentication"
import { secondStepDetail } from "../security-log/sign-in"
import { readSessionIn } from "../session/read"
import { hashRecoveryCode } from "../two-factor/recovery-codes"
import { verifyTotp } from "../two-factor/totp"
import type { Cookie } from "../types"
import { customPageUrl, pageTheme, reauthenticatePageUrl, withQuery } from "./pages"
import { codeKind, type ReauthenticationTry, type ReauthenticationWays, reauthenticationTry } from "./reauthenticate-ways"

const RATE_LIMIT_ACTION = "reauthenticate-user"

/** Who is asking: the signed-in user, read as every session read does. */
interface Visitor {
  userId: string
  email: string | null
  /** Cookies the read asked for (a slid expiry, a renewed token). */
  cookies: Cookie[]
  /** The session is an admin's impersonation of this user: nothing proves it. */
  impersonating: boolean
}

async function visitor(ctx: AuthContext): Promise<Visitor | null> {
  const read = await readSessionIn(ctx)
  // An outage is not "signed out": the pipeline answers it with its 503 page.
  if (read.failure?.reason === "unavailable") throw read.failure.error
  if (!read.session || !read.proof) return null
  const stored = ctx.config.adapter?.getUser ? await ctx.config.adapter.getUser(read.proof.userId) : null
  const email = stored?.email ?? read.session.user?.email ?? null
  return {
    userId: read.proof.userId,
    email: typeof email === "string" && email !== "" ? email : null,
    cookies: read.cookies,
    impersonating: read.proof.impersonatedBy !== undefined,
  }
}

function credentialsProvider(ctx: AuthContext): CredentialsConfig | undefined {
  return ctx.config.providers.find((p): p is CredentialsConfig => p.type === "credentials")
}

function providerOfType(ctx: AuthContext, type: ProviderConfig["type"]): ProviderConfig | undefined {
  return ctx.config.providers.find((p) => p.type === type)
}

/** The page again (pages.reauthenticate when set) with what went wrong. */
function pageUrl(ctx: AuthContext, callbackUrl: string, error?: ReauthenticateErrorCode): string {
  return reauthenticatePageUrl(ctx, callbackUrl, { error })
}

function signInRedirect(ctx: AuthContext, callbackUrl: string): ResponseInternal {
  const page = customPageUrl(ctx, "signIn") ?? `${ctx.authUrl}/signin`
  return { redirect: withQuery(page, { callbackUrl }), cookies: ctx.outCookies }
}

async function hasPasskey(ctx: AuthContext, userId: string): Promise<boolean> {
  const adapter = ctx.config.adapters.webauthn
  if (!adapter || !providerOfType(ctx, "webauthn")) return false
  return (await adapter.listAuthenticatorsByUserId(userId)).length > 0
}

async function hasTwoFactor(ctx: AuthContext, userId: string): Promise<boolean> {
  const adapter = ctx.config.twoFactor.adapter
  return adapter !== undefined && (await adapter.getTwoFactor(userId)) !== null
}

/** What this user can confirm with on this endpoint (the passkey and the email link have their own flows). */
async function waysOf(ctx: AuthContext, who: Visitor): Promise<ReauthenticationWays> {
  const provider = credentialsProvider(ctx)
  const email = who.email
  const password =
    provider !== undefined && email !== null && (provider.hasPassword ? await provider.hasPassword({ id: who.userId, email }) : true)
  return { password, twoFactor: await hasTwoFactor(ctx, who.userId) }
}

async function page(ctx: AuthContext, who: Visitor, callbackUrl: string): Promise<ResponseInternal> {
  const ways = await waysOf(ctx, who)
  const passkeyProvider = (await hasPasskey(ctx, who.userId)) ? providerOfType(ctx, "webauthn") : undefined
  const emailProvider = providerOfType(ctx, "email")
  const basePath = new URL(ctx.authUrl).pathname.replace(/\/$/, "")
  const rendered = renderReauthenticatePage({
    actionUrl: `${ctx.authUrl}/reauthenticate`,
    csrfToken: (await ctx.csrf()).token,
    callbackUrl,
    email: who.email,
    password: ways.password,
    code: ways.twoFactor,
    passkey: passkeyProvider && { providerId: passkeyProvider.id, basePath },
    emailLink: emailProvider && { signinUrl: `${ctx.authUrl}/signin/${emailProvider.id}` },
    error: ctx.request.query.error,
    theme: pageTheme(ctx),
  })
  const headers = passkeyProvider ? webauthnPageHeaders : pageHeaders(rendered)
  return { status: rendered.status, headers, body: rendered.html, cookies: [...ctx.outCookies, ...who.cookies] }
}

/** "Not while impersonating" (403): the page in place of forms that could never succeed. */
function impersonationRefusal(ctx: AuthContext, who: Visitor, callbackUrl: string): ResponseInternal {
  const rendered = renderImpersonationReauthenticatePage({ email: who.email, callbackUrl, theme: pageTheme(ctx) })
  return { status: rendered.status, headers: htmlHeaders, body: rendered.html, cookies: [...ctx.outCookies, ...who.cookies] }
}

/**
 * The credentials provider's own check, asked about the signed-in user's
 * address: its identifier field gets the address, its password field what
 * was typed. Only the same user counts; any refusal is a wrong password.
 */
async function passwordProves(ctx: AuthContext, who: Visitor, password: unknown): Promise<boolean> {
  const provider = credentialsProvider(ctx)
  if (!provider || who.email === null || typeof password !== "string" || password === "") return false
  const fields = Object.entries(provider.credentials)
  const passwordField = fields.find(([, input]) => input.type === "password")?.[0] ?? "password"
  const identifierField = fields.find(([name, input]) => name !== passwordField && input.type !== "password")?.[0] ?? "email"
  const credentials = { [identifierField]: who.email, [passwordField]: password }
  const headers = new Headers(ctx.request.headers)
  headers.set("content-type", "application/json")
  headers.delete("content-length")
  const request = new Request(ctx.request.url, { method: "POST", headers, body: JSON.stringify(credentials) })
  try {
    const user = await provider.authorize(credentials, request)
    return user !== null && user !== undefined && user.id !== undefined && String(user.id) === who.userId
  } catch (error) {
    if (databaseUnavailableIn(error)) throw error
    if (!(error instanceof CredentialsSignin)) {
      const logged = error instanceof AuthError ? error : new AuthError("authorize() threw during re-authentication", { cause: error })
      ctx.config.logger.error(logged.type, logged)
    }
    return false
  }
}

/** A TOTP code (each step once, through the adapter) or one of the user's unused recovery codes. */
async function codeProves(ctx: AuthContext, who: Visitor, code: unknown): Promise<boolean> {
  const adapter = ctx.config.twoFactor.adapter
  if (!adapter || typeof code !== "string" || code.length > 64) return false
  const record = await adapter.getTwoFactor(who.userId)
  if (!record) return false
  if (codeKind(code) === "totp") {
    const secret = await ctx.config.twoFactor.box.open(record.secret, who.userId)
    const step = verifyTotp(code, secret, Date.now())
    return step !== null && (await adapter.useTotpStep(who.userId, step))
  }
  const hash = await hashRecoveryCode(code, who.userId)
  return hash !== null && (await adapter.useRecoveryCode(who.userId, hash))
}

/**
 * Last "too many attempts" entry written per user (this process, per limiter,
 * i.e. per configuration), so a flood of refused tries writes one a minute.
 */
const lastRateLimited = new WeakMap<object, Map<string, number>>()
const RATE_LIMITED_EVERY_MS = 60 * 1000
const MAX_REMEMBERED = 10_000

function rateLimitedEntryDue(ctx: AuthContext, userId: string): boolean {
  const limiter = ctx.config.rateLimiter
  const last = lastRateLimited.get(limiter) ?? new Map<string, number>()
  lastRateLimited.set(limiter, last)
  const now = Date.now()
  if (now - (last.get(userId) ?? Number.NEGATIVE_INFINITY) < RATE_LIMITED_EVERY_MS) return false
  if (last.size >= MAX_REMEMBERED) last.clear()
  last.set(userId, now)
  return true
}

/** The log's method for a try: the password (with or without a code), else the kind of code typed. */
function methodOf(attempt: ReauthenticationTry, code: unknown): ReauthenticationAttempt["method"] {
  return attempt.kind === "code" ? codeKind(code) : "password"
}

/** Checks what the try needs. A code is only spent once the password is right, so a typo wastes no recovery code. */
async function proves(ctx: AuthContext, who: Visitor, attempt: ReauthenticationTry, body: Record<string, unknown>): Promise<boolean> {
  if (attempt.kind === "code") return codeProves(ctx, who, body.code)
  const password = await passwordProves(ctx, who, body.password)
  if (attempt.kind === "password") return password
  return password && (await codeProves(ctx, who, body.code))
}

const WRONG: Readonly<Record<ReauthenticationTry["kind"], { error: ReauthenticateErrorCode; detail: string }>> = {
  password: { error: "wrong_password", detail: "wrong password" },
  // One answer for either: telling which was wrong would confirm the password to whoever typed it.
  "password-and-code": { error: "wrong_password_or_code", detail: "wrong password or code" },
  code: { error: "wrong_code", detail: "wrong code" },
}

async function confirm(ctx: AuthContext, who: Visitor, callbackUrl: string): Promise<ResponseInternal> {
  const body = ctx.request.body ?? {}
  const back = (error: ReauthenticateErrorCode): ResponseInternal => ({
    redirect: pageUrl(ctx, callbackUrl, error),
    cookies: [...ctx.outCookies, ...who.cookies],
  })
  // A forged cross-site POST is nobody's attempt: refused, not logged.
  if (!(await ctx.csrf()).verified) return back("expired_form")
  // The credentials provider is named when the password was part of the try, as sign-in entries name it.
  const provider = credentialsProvider(ctx)?.id ?? null
  const log = (attempt: Omit<ReauthenticationAttempt, "userId" | "provider">) =>
    recordReauthentication(ctx, { userId: who.userId, ...attempt, provider: attempt.method === "password" ? provider : null })

  // Counted before anything is checked, every try alike, so parallel guesses stop at the limit
  // (and so does what a session holder can write to the owner's log).
  const limiter = ctx.config.rateLimiter
  const verdict = await limiter.consume(RATE_LIMIT_ACTION, who.userId)
  const attempt = reauthenticationTry(body, await waysOf(ctx, who))
  const method = attempt.ok ? methodOf(attempt, body.code) : attempt.method
  if (!verdict.allowed) {
    if (rateLimitedEntryDue(ctx, who.userId)) await log({ outcome: "failure", method, detail: "too many attempts" })
    return back("rate_limited")
  }
  if (!attempt.ok) {
    await log({ outcome: "failure", method, detail: attempt.detail })
    return back(attempt.error)
  }
  if (!(await proves(ctx, who, attempt, body))) {
    await log({ outcome: "failure", method, detail: WRONG[attempt.kind].detail })
    return back(WRONG[attempt.kind].error)
  }

  await limiter.reset(RATE_LIMIT_ACTION, who.userId)
  const marked = await ctx.config.sessionStrategy.reauthenticated(ctx, new Date())
  const detail = attempt.kind === "password-and-code" ? secondStepDetail(codeKind(body.code)) : null
  await log({ outcome: "success", method, detail })
  // A replaced token's cookie supersedes the read's (which may have re-set the old token with a slid expiry).
  const replaced = new Set(marked.map((cookie) => cookie.name))
  const read = who.cookies.filter((cookie) => !replaced.has(cookie.name))
  return { redirect: callbackUrl, cookies: [...ctx.outCookies, ...read, ...marked] }
}

export async function reauthenticate(ctx: AuthContext): Promise<ResponseInternal> {
  // pages.reauthenticate shows the forms instead (they post back here): GET goes there, query and all.
  const custom = customPageUrl(ctx, "reauthenticate")
  if (ctx.request.method === "GET" && custom) return { redirect: `${custom}${ctx.request.url.search}` }
  // Origin-checked like every callbackUrl (context.ts); the default is the site's home.
  const callbackUrl = await ctx.callbackUrl()
  const who = await visitor(ctx)
  if (!who) return signInRedirect(ctx, callbackUrl)
  // GET and POST alike: an impersonation is told why, and no answer is checked, counted or logged as the user's.
  if (who.impersonating) return impersonationRefusal(ctx, who, callbackUrl)
  return ctx.request.method === "GET" ? page(ctx, who, callbackUrl) : confirm(ctx, who, callbackUrl)
}
