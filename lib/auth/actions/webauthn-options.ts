/**
 * GET /webauthn-options/:provider?action=register|authenticate[&email=][&name=]
 * Answers `{ action, options }` for @simplewebauthn/browser and sets the
 * challenge cookie bound to that action, provider and user. Refusals are 400
 * JSON, never a redirect: the caller is a script.
 */
import { generateAuthenticationOptions, generateRegistrationOptions } from "@simplewebauthn/server"
import { adapterView, type WebAuthnAdapter } from "../adapters/capabilities"
import type { AuthContext } from "../context"
import { noCacheHeaders, type ResponseInternal } from "../http/response"
import { inferWebAuthnAction, isWebAuthnAction, type WebAuthnAction } from "../relying-party/action"
import { challengeCookie, challengeMaxAge } from "../relying-party/challenge-cookie"
import { webauthnCredentialId, splitTransports } from "../relying-party/encoding"
import { relyingPartyFor } from "../relying-party/relying-party"
import { currentSignedIn } from "./callback/handle-login"
import { ReauthenticationRequired } from "../errors"
import { needsReauthentication } from "../session/step-up"
import { reauthenticatePageUrl } from "./pages"
import type { AdapterUser } from "../adapters/types"
import type { WebAuthnProviderConfig } from "../providers/types"
import { InvalidEmailAddress, normalizeEmailAddress } from "../email/normalize"
import { cleanDisplayName } from "../profile-text"
import { readPending } from "../two-factor/pending"

type OptionsBody =
  | { action: WebAuthnAction; options: unknown }
  | { error: "Invalid action" | "Invalid request"; code?: "email_required" | "email_invalid" | "email_in_use" | "signed_in" }
  | { error: "Too many requests"; code: "rate_limited" }
  | { error: "Reauthentication required"; code: "reauthentication_required"; url: string }

const refuse = (body: OptionsBody): ResponseInternal<OptionsBody> => ({ status: 400, headers: noCacheHeaders, body })

/** The one address normaliser's canonical form (email/normalize.ts); null when it is not one plain address. */
export function normalizeWebAuthnEmail(value: unknown): string | null {
  try {
    return normalizeEmailAddress(value)
  } catch (error) {
    if (error instanceof InvalidEmailAddress) return null
    throw error
  }
}

/** A passkey sign-up's display name, under the display-name rule (profile-text.ts); none when nothing visible is left. */
export function normalizeWebAuthnName(value: unknown): string | undefined {
  return cleanDisplayName(value) ?? undefined
}

/** The credentials a user already has, as WebAuthn descriptors. */
async function credentialsOf(adapter: WebAuthnAdapter, userId: string) {
  const authenticators = await adapter.listAuthenticatorsByUserId(userId)
  return authenticators.map((a) => ({
    id: webauthnCredentialId(a.credentialID),
    transports: splitTransports(a.transports) as never,
  }))
}

export async function webauthnOptions(ctx: AuthContext): Promise<ResponseInternal<OptionsBody>> {
  const provider = ctx.provider
  if (ctx.request.method !== "GET" || provider?.type !== "webauthn") return refuse({ error: "Invalid request" })
  const requested = ctx.request.query.action
  if (requested !== undefined && !isWebAuthnAction(requested)) return refuse({ error: "Invalid action" })

  // Starts that name an email are counted per client before any lookup: their answer says
  // whether the email has an account (and which passkeys it has), so a flood of them is an
  // enumeration. Starts without an email (the sign-in page's autofill asks on every load)
  // look nobody up and are not counted, so a busy shared address keeps its autofill.
  if (ctx.request.query.email !== undefined) {
    const limiter = ctx.config.rateLimiter
    const verdict = await limiter.consume("passkey-start", limiter.clientAddress(ctx.request.request))
    if (!verdict.allowed) {
      return {
        status: 429,
        headers: { ...noCacheHeaders, "Retry-After": String(verdict.retryAfterSeconds) },
        body: { error: "Too many requests", code: "rate_limited" },
      }
    }
  }

  const adapter = adapterView(ctx.config.adapters, "webauthn")
  const visitor = await currentSignedIn(ctx, adapter)
  const sessionUser = visitor?.user ?? null
  let user: AdapterUser | null = sessionUser
  let email: string | undefined
  if (!sessionUser && ctx.request.query.email !== undefined) {
    const normalized = normalizeWebAuthnEmail(ctx.request.query.email)
    if (!normalized) return refuse({ error: "Invalid request", code: "email_invalid" })
    email = normalized
    user = await adapter.getUserByEmail(normalized)
  } else if (!sessionUser) {
    // The two-factor page's "Use a passkey": only the pending sign-in's user's passkeys.
    const pending = await readPending(ctx)
    if (pending && !pending.enrol) user = await adapter.getUser(pending.user.id)
  }
  const action = inferWebAuthnAction({
    requested,
    loggedIn: sessionUser !== null,
    hasUser: user !== null || email !== undefined,
    exists: user !== null,
  })
  if (!action) {
    if (sessionUser) return refuse({ error: "Invalid request", code: "signed_in" })
    return refuse({ error: "Invalid request", code: email === undefined ? "email_required" : "email_in_use" })
  }

  // Adding a passkey to the signed-in account asks for a recent proof (the callback asks again):
  // refused here, the browser never starts a ceremony it could not finish.
  if (action === "register" && visitor && needsReauthentication(visitor.proof, ctx.config)) {
    const url = reauthenticatePageUrl(ctx, await ctx.callbackUrl(), { code: ReauthenticationRequired.code })
    return {
      status: 403,
      headers: noCacheHeaders,
      body: { error: "Reauthentication required", code: ReauthenticationRequired.code as "reauthentication_required", url },
      cookies: ctx.outCookies,
    }
  }

  const rp = relyingPartyFor(ctx.origin, provider as WebAuthnProviderConfig, ctx.config.theme.name)
  const config = provider as WebAuthnProviderConfig
  const maxAge = challengeMaxAge(ctx.config.adapters.webauthnChallenges !== undefined, config.timeout)
  if (action === "authenticate") {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: config.timeout,
      userVerification: config.userVerification,
      allowCredentials: user ? await credentialsOf(adapter, user.id) : undefined,
    })
    const cookie = await challengeCookie(ctx, { challenge: options.challenge, action, provider: config.id, userId: user?.id }, maxAge)
    return { status: 200, headers: noCacheHeaders, body: { action, options }, cookies: [...ctx.outCookies, cookie] }
  }

  const userName = user?.email ?? (email as string)
  const displayName = user?.name ?? normalizeWebAuthnName(ctx.request.query.name) ?? userName
  const options = await generateRegistrationOptions({
    rpID: rp.id,
    rpName: rp.name,
    userName,
    userDisplayName: displayName,
    timeout: config.timeout,
    attestationType: "none",
    excludeCredentials: user ? await credentialsOf(adapter, user.id) : [],
    authenticatorSelection: {
      residentKey: config.residentKey,
      requireResidentKey: config.residentKey === "required",
      userVerification: config.userVerification,
    },
    supportedAlgorithmIDs: config.supportedAlgorithmIDs,
  })
  const claims = {
    challenge: options.challenge,
    action,
    provider: config.id,
    ...(user ? { userId: user.id } : { email, name: normalizeWebAuthnName(ctx.request.query.name) }),
  }
  const cookie = await challengeCookie(ctx, claims, maxAge)
  return { status: 200, headers: noCacheHeaders, body: { action, options }, cookies: [...ctx.outCookies, cookie] }
}
