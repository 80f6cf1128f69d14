/**
 * POST /callback/:webauthnProviderId with `{ action, data }` (data: the
 * browser's credential JSON, as a string or an object, plus csrfToken). The challenge cookie
 * is cleared and the challenge spent before anything is verified, so each
 * challenge answers at most one request. authenticate: find the credential,
 * verify, store the new counter, sign its user in. register: verify, decide
 * the owner, create user/account/authenticator, sign in.
 */
import { adapterView, type WebAuthnAdapter } from "../../adapters/capabilities"
import { runSignInCallback } from "../../callbacks"
import type { AuthContext } from "../../context"
import { BadRequest, MissingCSRF, WebAuthnVerificationError } from "../../errors"
import type { ResponseInternal } from "../../http/response"
import { isWebAuthnAction } from "../../relying-party/action"
import { clearChallengeCookie, readChallengeCookie, type IssuedChallenge } from "../../relying-party/challenge-cookie"
import { spendChallenge } from "../../relying-party/challenge-replay"
import { passkeyOwner } from "../../relying-party/register-user"
import { type RelyingParty, relyingPartyFor } from "../../relying-party/relying-party"
import { responseCredentialId, verifyAuthentication, verifyRegistration } from "../../relying-party/verify"
import { assertRecentProof } from "../../session/step-up"
import { finishPendingSignIn, startSession } from "../../two-factor/second-step"
import { readPending } from "../../two-factor/pending"
import { recordSecurityEvent } from "../../security-log/record"
import { recordSignInFailure } from "../../security-log/sign-in"
import type { Account } from "../../types"
import type { AdapterUser } from "../../adapters/types"
import type { WebAuthnProviderConfig } from "../../providers/types"
import { currentSignedIn, handleLogin } from "./handle-login"

function parseData(data: unknown): unknown {
  if (typeof data !== "string") return data
  try {
    return JSON.parse(data)
  } catch {
    throw new WebAuthnVerificationError("malformed_response", "The WebAuthn response is not JSON")
  }
}

/**
 * A passkey with user verification is two factors (something held, something
 * known or been), so it asks for no second step; one without it is a first
 * factor like a password.
 */
function signInAs(
  ctx: AuthContext,
  user: AdapterUser,
  account: Account,
  isNewUser: boolean,
  userVerified: boolean,
): Promise<ResponseInternal> {
  return startSession(ctx, { user, account, isNewUser, method: "webauthn", multiFactor: userVerified })
}

/** One POST's ceremony: what both the sign-in and the registration step work from. */
interface Ceremony {
  ctx: AuthContext
  adapter: WebAuthnAdapter
  provider: WebAuthnProviderConfig
  issued: IssuedChallenge
  rp: RelyingParty
  response: unknown
}

async function authenticate({ ctx, adapter, provider, issued, rp, response }: Ceremony): Promise<ResponseInternal> {
  const authenticator = await adapter.getAuthenticator(responseCredentialId(response))
  // A credential of another user than the options were made for is as unknown as a missing one.
  if (!authenticator || (issued.userId !== undefined && authenticator.userId !== issued.userId)) {
    throw new WebAuthnVerificationError("unknown_credential", "No such authenticator")
  }
  let verified: Awaited<ReturnType<typeof verifyAuthentication>>
  try {
    verified = await verifyAuthentication({ response, issued, rp, provider, authenticator })
  } catch (error) {
    // A refused assertion for a credential we know is an attempt on its owner's account.
    await recordSignInFailure(ctx, {
      userId: authenticator.userId,
      method: "passkey",
      provider: provider.id,
      detail: "passkey not accepted",
    })
    throw error
  }
  const { newCounter, userVerified } = verified
  await adapter.updateAuthenticatorCounter(authenticator.credentialID, newCounter)

  // The second step of a pending two-factor sign-in: the options were made for its user only.
  const pending = await readPending(ctx)
  if (pending && !pending.enrol && issued.userId === pending.user.id && authenticator.userId === pending.user.id) {
    const done = await finishPendingSignIn(ctx, pending, "passkey")
    return { redirect: done.destination, cookies: done.cookies }
  }

  const stored = await adapter.getAccount(authenticator.providerAccountId, provider.id)
  const user = await adapter.getUser(stored?.userId ?? authenticator.userId)
  if (!user) throw new WebAuthnVerificationError("unknown_credential", "The authenticator's user no longer exists")
  // The passkey's account by its keys: a stored row carries no tokens, only null columns.
  const account: Account = {
    type: "webauthn",
    provider: provider.id,
    providerAccountId: authenticator.providerAccountId,
    userId: user.id,
  }
  const signInResult = await runSignInCallback(ctx, { user, account })
  if (signInResult.redirect) return { redirect: signInResult.redirect, cookies: ctx.outCookies }
  return signInAs(ctx, user, account, false, userVerified)
}

async function register({ ctx, adapter, provider, issued, rp, response }: Ceremony): Promise<ResponseInternal> {
  const verified = await verifyRegistration({ response, issued, rp, provider })
  if (await adapter.getAuthenticator(verified.credentialID)) {
    throw new WebAuthnVerificationError("credential_exists", "This authenticator is registered already")
  }
  const visitor = await currentSignedIn(ctx, adapter)
  const owner = await passkeyOwner(adapter, issued, visitor?.user ?? null)
  // A passkey added to a signed-in account is a new way in: a recent proof first, before the
  // signIn callback runs (handleLogin asks again before it links anything).
  if (owner.kind === "existing") await assertRecentProof(ctx, visitor?.proof ?? null)
  const account: Account = { type: "webauthn", provider: provider.id, providerAccountId: verified.credentialID }
  const signInResult = await runSignInCallback(ctx, { user: owner.user, account })
  // The callback sent the user elsewhere: nothing is created and nobody is signed in.
  if (signInResult.redirect) return { redirect: signInResult.redirect, cookies: ctx.outCookies }

  // The account linking rules every provider shares: linked to the signed-in user, or a new
  // user created for the email (passkeyOwner has already refused an email that is taken).
  const { user, isNewUser } = await handleLogin(ctx, adapter, { user: owner.user, account }, null)
  await adapter.createAuthenticator({ ...verified, userId: user.id })
  await recordSecurityEvent(ctx.config, ctx.request.request, {
    userId: user.id,
    type: "passkey-added",
    method: "passkey",
    provider: provider.id,
    detail: isNewUser ? "at sign-up" : null,
  })

  // Adding a passkey to the signed-in account keeps the session it has.
  if (!isNewUser) return { redirect: await ctx.callbackUrl(), cookies: ctx.outCookies }
  // A new user has no second factor yet; the passkey is one when the ceremony required verification.
  return signInAs(ctx, user, { ...account, userId: user.id }, true, provider.userVerification === "required")
}

export async function webauthnCallback(ctx: AuthContext, provider: WebAuthnProviderConfig): Promise<ResponseInternal> {
  if (ctx.request.method !== "POST") throw new BadRequest(400)
  // Whatever happens next, this browser's challenge is used up.
  ctx.outCookies.push(clearChallengeCookie(ctx))
  // Auth.js skips this check here; the challenge cookie is SameSite=Lax, but a same-site
  // page (another subdomain) could still post one, so the callback wants the CSRF token too.
  if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
  const body = ctx.request.body ?? {}
  const action = body.action
  if (!isWebAuthnAction(action)) throw new WebAuthnVerificationError("malformed_response", "Unknown WebAuthn action")
  const response = parseData(body.data)

  const issued = await readChallengeCookie(ctx)
  if (!issued) throw new WebAuthnVerificationError("challenge_missing", "No valid WebAuthn challenge cookie")
  if (issued.provider !== provider.id || issued.action !== action) {
    throw new WebAuthnVerificationError("challenge_mismatch", "The challenge was issued for another ceremony")
  }
  const adapter = adapterView(ctx.config.adapters, "webauthn")
  // The shared store when the adapter has one; otherwise this instance's memory (challenge-replay).
  await spendChallenge(ctx.config.adapters.webauthnChallenges, issued)

  const ceremony: Ceremony = { ctx, adapter, provider, issued, rp: relyingPartyFor(ctx.origin, provider, ctx.config.theme.name), response }
  return action === "authenticate" ? authenticate(ceremony) : register(ceremony)
}
