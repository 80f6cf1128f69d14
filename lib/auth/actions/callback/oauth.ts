/**
 * GET /callback/:provider, or POST for providers with response_mode=form_post
 * (relayed once through a same-origin page, see form-post.ts), for OAuth/OIDC
 * providers. On a redirect proxy, a response meant for another deployment
 * is forwarded there; otherwise the check cookies are read (and cleared,
 * whatever happens next), the code exchanged, and the sign-in finished.
 */
import type { AuthContext } from "../../context"
import type { ResponseInternal } from "../../http/response"
import type { Profile } from "../../types"
import { clearChecks, readChecks } from "../../oauth/checks"
import { exchangeCode } from "../../oauth/exchange"
import type { ResolvedOAuthProvider } from "../../oauth/normalise"
import { userAndAccount } from "../../oauth/profile"
import { isOnProxy, redirectUriFor } from "../../oauth/redirect-uri"
import { stateReturnTo } from "../../oauth/state"
import { finishSignIn } from "./finish-sign-in"
import { normalizeEmailAddress } from "../../email/normalize"
import { idTokenHintCookie } from "../../oauth/federated-sign-out"
import { OAuthCallbackError } from "../../errors"
import { assertCallbackMethod, authorizationResponse, callbackFields, formPostRelay } from "./form-post"

/** On the proxy: the deployment a state was made for, when it is not this one. */
async function forwardTarget(ctx: AuthContext, provider: ResolvedOAuthProvider, params: URLSearchParams) {
  const state = params.get("state")
  if (!state || !isOnProxy(ctx, provider)) return undefined
  const returnTo = await stateReturnTo(ctx.config.keyRing, state)
  if (!returnTo) return undefined
  const url = new URL(returnTo)
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.origin === ctx.origin) return undefined
  return url
}

/**
 * Whether the provider vouched for the address the user is signed in with:
 * the OpenID Connect `email_verified` claim is the boolean true (a string
 * "true" or an absent claim is not), and the profile's `email` is the address
 * the provider's profile mapping kept (lower-cased by it).
 */
function providerVerifiedEmail(profile: Profile, email: string | null | undefined): boolean {
  if (profile.email_verified !== true || typeof profile.email !== "string" || typeof email !== "string") return false
  try {
    return normalizeEmailAddress(profile.email) === email
  } catch {
    return false
  }
}

/**
 * Whether the provider says it did not verify the address: an `email_verified`
 * claim that is present and not the boolean true. An absent claim says
 * nothing (OAuth providers without the claim, Entra ID): such an address is
 * stored unverified and gives way to the mailbox's owner (docs/decisions/account-model-and-passwords.md).
 */
function providerUnverifiedEmail(profile: Profile): boolean {
  return Object.hasOwn(profile, "email_verified") && profile.email_verified !== undefined && profile.email_verified !== true
}

/** The provider's own corrections of its profile (Apple: the first sign-in's `user` field, string booleans). */
function conformedProfile(provider: ResolvedOAuthProvider, profile: Profile, fields: URLSearchParams): Profile {
  if (!provider.conformProfile) return profile
  try {
    return provider.conformProfile(profile, fields)
  } catch (cause) {
    throw new OAuthCallbackError(`The profile from "${provider.id}" could not be read`, { cause })
  }
}

export async function oauthCallback(ctx: AuthContext, provider: ResolvedOAuthProvider): Promise<ResponseInternal> {
  assertCallbackMethod(ctx, provider)
  const fields = callbackFields(ctx)
  const relay = formPostRelay(ctx, provider, fields)
  if (relay) return relay
  const params = authorizationResponse(fields)
  const forward = await forwardTarget(ctx, provider, params)
  if (forward) {
    for (const [key, value] of params) forward.searchParams.set(key, value)
    return { redirect: forward.href }
  }

  // Cleared on every outcome: the error path keeps ctx.outCookies too.
  ctx.outCookies.push(...clearChecks(ctx))
  const checks = await readChecks(ctx, provider)
  const exchanged = await exchangeCode(provider, params, checks, redirectUriFor(ctx, provider))
  const { tokens } = exchanged
  const profile = conformedProfile(provider, exchanged.profile, fields)
  const { user, account, storedAccount } = await userAndAccount(provider, profile, tokens)
  const response = await finishSignIn(ctx, {
    user,
    account,
    storedAccount,
    profile,
    allowDangerousEmailAccountLinking: provider.allowDangerousEmailAccountLinking === true,
    emailVerifiedByProvider: providerVerifiedEmail(profile, user.email),
    emailUnverifiedByProvider: providerUnverifiedEmail(profile),
  })
  // Only a sign-in that made a session needs the hint for a later sign-out.
  const sessionName = ctx.cookies.sessionToken.name
  const signedIn = response.cookies?.some((c) => c.name.startsWith(sessionName) && c.value !== "")
  const hint = signedIn ? await idTokenHintCookie(ctx, provider, tokens) : undefined
  if (hint) response.cookies!.push(hint)
  return response
}
