/**
 * POST /signin/:emailProviderId (CSRF already checked): normalise the
 * address, ask the signIn callback, store the hashed token, and only then mail
 * the link. Refused addresses and failed sends go back to the sign-in page
 * with EmailSignInError; nothing is written for a refused address, and a
 * failed send removes its token so the next try starts clean. The link in the
 * mail is on the configured origin (AUTH_URL), whatever the request's host.
 */
import { adapterView } from "../../adapters/capabilities"
import { runSignInCallback } from "../../callbacks"
import type { AuthContext } from "../../context"
import { InvalidEmailAddress, normalizeEmailAddress } from "../../email/normalize"
import { randomToken, storeVerificationToken, tokenSecrets } from "../../email/verification-token"
import { EmailSignInError } from "../../errors"
import type { ResponseInternal } from "../../http/response"
import type { EmailConfig } from "../../providers/email"
import type { Account } from "../../types"
import type { AdapterUser } from "../../adapters/types"
import { readSentLink, rememberSentLink, resendWait } from "./sent-link"

/** The provider's normaliser, or ours; either way a refusal becomes EmailSignInError(invalid_email). */
export function normalizeIdentifier(provider: EmailConfig, input: unknown): string {
  try {
    if (typeof input !== "string") throw new InvalidEmailAddress("missing")
    // A custom normaliser still gets our checks on its result: it ends up in mail headers.
    const custom = provider.normalizeIdentifier ? provider.normalizeIdentifier(input) : input
    return normalizeEmailAddress(custom)
  } catch (cause) {
    throw new EmailSignInError("The email address was refused", { cause }).withCode("invalid_email")
  }
}

export async function requestEmailLink(ctx: AuthContext, provider: EmailConfig): Promise<ResponseInternal> {
  const adapter = adapterView(ctx.config.adapters, "email")
  const identifier = normalizeIdentifier(provider, ctx.request.body?.email)

  const existing = await adapter.getUserByEmail(identifier)
  const user: AdapterUser = existing ?? { id: crypto.randomUUID(), email: identifier, emailVerified: null }
  const account: Account = { providerAccountId: identifier, userId: user.id, type: "email", provider: provider.id }
  const verdict = await runSignInCallback(ctx, { user, account, email: { verificationRequest: true } })
  if (verdict.redirect) return { redirect: verdict.redirect, cookies: ctx.outCookies }

  const callbackUrl = await ctx.callbackUrl()
  // "Send the link again" on Check your email: too soon after the last send is refused before any
  // limit is counted; a refusal by the limits is said there, since the person asked for this very mail.
  const resend = ctx.request.body?.resend === "1"
  const verifyPage = (error?: string) => {
    const query = new URLSearchParams({ provider: provider.id, type: "email", ...(error ? { error } : {}) })
    return { redirect: `${ctx.authUrl}/verify-request?${query}`, cookies: ctx.outCookies }
  }
  if (resend && resendWait(readSentLink(ctx)) > 0) return verifyPage("ResendTooSoon")
  const allowed =
    (await withinSendLimits(ctx, identifier)) &&
    (provider.allowSend ? await provider.allowSend({ identifier, request: ctx.request.request }) : true)
  if (allowed) {
    const token = (await provider.generateVerificationToken?.()) ?? randomToken()
    const expires = new Date(Date.now() + provider.maxAge * 1000)
    const secrets = tokenSecrets(provider.secret, ctx.config.secrets)
    const stored = await storeVerificationToken(adapter, { identifier, token, expires, secrets })
    const url = mailLink(ctx, `/callback/${encodeURIComponent(provider.id)}`, { callbackUrl, token, email: identifier })
    try {
      await provider.sendVerificationRequest({
        identifier,
        token,
        expires,
        url,
        provider,
        theme: ctx.config.theme,
        request: ctx.request.request,
      })
    } catch (cause) {
      // Best effort: a leftover row would only expire unused, it never blocks a new request.
      await Promise.resolve(adapter.useVerificationToken({ identifier, token: stored.token })).catch(() => null)
      throw new EmailSignInError("Sending the sign-in email failed", { cause }).withCode("send_failed")
    }
  }
  // A refused first send looks exactly like a sent one: the page does not tell whether a limit was hit.
  // A refused resend says so: the asker already knows the address was used, and needs to know to wait.
  if (resend && !allowed) return verifyPage("RateLimited")
  rememberSentLink(ctx, identifier)
  return verifyPage()
}

/**
 * A link for the mail, on the configured origin (ctx.config.mailOrigin), never
 * the request's: the asker may have chosen its Host. A callback URL on the
 * request's origin moves to the configured one with its path kept; any other
 * is checked again by the redirect callback when the link is opened.
 */
function mailLink(ctx: AuthContext, route: string, query: { callbackUrl: string; token: string; email: string }): string {
  const origin = ctx.config.mailOrigin
  let callbackUrl = query.callbackUrl
  if (callbackUrl === ctx.origin || callbackUrl.startsWith(`${ctx.origin}/`)) {
    callbackUrl = `${origin}${callbackUrl.slice(ctx.origin.length)}`
  }
  return `${origin}${ctx.config.basePath}${route}?${new URLSearchParams({ ...query, callbackUrl })}`
}

/**
 * The limiter's sign-in mail rules, per client and per address, counted before
 * a token is stored. The client first, and a refused client stops there: it
 * uses up its own budget, never that of the addresses it names.
 */
async function withinSendLimits(ctx: AuthContext, identifier: string): Promise<boolean> {
  const limiter = ctx.config.rateLimiter
  const verdict = await limiter.consumeAll([
    ["email-client", limiter.clientAddress(ctx.request.request)],
    ["email-address", identifier],
  ])
  return verdict.allowed
}
