/**
 * GET|POST /callback/:emailProviderId — the link from the mail. The token is
 * consumed once; a missing, used, expired or mismatched token ends on the
 * Verification error page and never in a session. With `confirmLink` the GET
 * only shows a confirmation page and the CSRF-checked POST consumes.
 */
import { adapterView } from "../../adapters/capabilities"
import { runSignInCallback } from "../../callbacks"
import type { AuthContext } from "../../context"
import { InvalidEmailAddress, normalizeEmailAddress } from "../../email/normalize"
import { consumeVerificationToken, tokenSecrets } from "../../email/verification-token"
import { MissingCSRF, Verification } from "../../errors"
import { htmlHeaders, type ResponseInternal } from "../../http/response"
import { renderConfirmLinkPage } from "../../pages/confirm-link"
import type { EmailConfig } from "../../providers/email"
import { recordReauthentication, signedInUserOf } from "../../security-log/reauthentication"
import { startSession } from "../../two-factor/second-step"
import type { Account } from "../../types"
import { pageTheme } from "../pages"
import { resolveEmailUser } from "./email-login"

// Far above any real token; stops absurd inputs before hashing.
const MAX_TOKEN_LENGTH = 512

function linkParams(ctx: AuthContext): { token: string; identifier: string } {
  const source = ctx.request.method === "POST" ? (ctx.request.body ?? {}) : ctx.request.query
  const token = source.token
  const email = source.email
  if (typeof token !== "string" || token === "" || token.length > MAX_TOKEN_LENGTH || typeof email !== "string") {
    throw new Verification("The sign-in link has no token or email")
  }
  try {
    return { token, identifier: normalizeEmailAddress(email) }
  } catch (cause) {
    if (cause instanceof InvalidEmailAddress) throw new Verification("The sign-in link has an invalid email", { cause })
    throw cause
  }
}

/**
 * A refused link opened in a browser signed in as the address's owner: the
 * owner tried to confirm who they are with a link (the re-authenticate page
 * offers one), and the log says it failed. A refused link elsewhere names
 * nobody for sure and is not logged.
 */
async function logRefusedReauthentication(ctx: AuthContext, provider: EmailConfig, identifier: string): Promise<void> {
  if (!ctx.config.securityLog.store) return
  const userId = await signedInUserOf(ctx)
  if (userId === null) return
  const owner = await Promise.resolve(ctx.config.adapter?.getUser?.(userId)).catch(() => null)
  if (typeof owner?.email !== "string") return
  let address: string
  try {
    address = normalizeEmailAddress(owner.email)
  } catch {
    return
  }
  if (address !== identifier) return
  await recordReauthentication(ctx, { userId, outcome: "failure", method: "email", provider: provider.id, detail: "link expired or already used" })
}

export async function emailCallback(ctx: AuthContext, provider: EmailConfig): Promise<ResponseInternal> {
  const { token, identifier } = linkParams(ctx)
  const callbackUrl = await ctx.callbackUrl()

  if (provider.confirmLink) {
    if (ctx.request.method === "GET") {
      const page = renderConfirmLinkPage({
        action: `${ctx.authUrl}/callback/${encodeURIComponent(provider.id)}`,
        email: identifier,
        token,
        callbackUrl,
        csrfToken: (await ctx.csrf()).token,
        theme: pageTheme(ctx),
      })
      return { status: page.status, headers: htmlHeaders, body: page.html, cookies: ctx.outCookies }
    }
    if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
  }

  const adapter = adapterView(ctx.config.adapters, "email")
  const secrets = tokenSecrets(provider.secret, ctx.config.secrets)
  const consumed = await consumeVerificationToken(adapter, { identifier, token, secrets })
  if (!consumed) {
    await logRefusedReauthentication(ctx, provider, identifier)
    throw new Verification("The sign-in link is unknown, used or expired")
  }

  const login = await resolveEmailUser(ctx, identifier)
  const account: Account = { providerAccountId: identifier, userId: login.candidate.id, type: "email", provider: provider.id }
  const verdict = await runSignInCallback(ctx, { user: login.candidate, account })
  if (verdict.redirect) return { redirect: verdict.redirect, cookies: ctx.outCookies }

  const { user, isNewUser } = await login.commit()
  const signedInAccount: Account = { ...account, userId: user.id }
  return startSession(ctx, { user, account: signedInAccount, isNewUser, method: "email" })
}
