/**
 * OpenID Connect connections, on the library's OAuth engine: a provider made
 * from the connection (discovery from its issuer, the client secret opened
 * for this request), the same check cookies (state, PKCE, nonce) and the
 * same code exchange and ID-token checks as any configured OIDC provider.
 * Only the redirect URI differs: {basePath}/sso/oidc/{connection}/callback,
 * so the connection is named by the route and not by a configured provider.
 * A test sign-in (sso/request-cookie.ts) ends on the test page instead of
 * signing anyone in.
 */
import * as o from "oauth4webapi"
import type { AuthContext } from "../context"
import { SsoError } from "../errors"
import type { ResponseInternal } from "../http/response"
import { clearChecks, createChecks, readChecks, type CheckValues } from "../oauth/checks"
import { exchangeCode } from "../oauth/exchange"
import { normaliseOAuthProvider, type ResolvedOAuthProvider } from "../oauth/normalise"
import { authorizationServer } from "../oauth/server"
import { newState } from "../oauth/state"
import OIDC from "../providers/oidc"
import type { Profile } from "../types"
import { finishSsoSignIn, type SsoIdentity } from "./finish"
import { clearSsoRequestCookie, pendingSsoRequest, ssoRequestCookie } from "./request-cookie"
import { openClientSecret } from "./secret"
import { testSignInResult } from "./test-result"
import type { AdapterSsoConnection } from "./types"
import { ssoServiceUrls } from "./urls"

/** Discovery is kept per connection version: a changed connection (updatedAt) is discovered afresh. */
const providers = new Map<string, ResolvedOAuthProvider>()
const MAX_CACHED = 200

async function providerFor(ctx: AuthContext, connection: AdapterSsoConnection): Promise<ResolvedOAuthProvider> {
  if (connection.kind !== "oidc" || !connection.oidcIssuer || !connection.oidcClientId) {
    throw new SsoError("sso_invalid_connection", "The OpenID Connect connection lacks its issuer or client id")
  }
  const key = `${connection.id}@${connection.updatedAt.getTime()}`
  const cached = providers.get(key)
  if (cached) return cached
  let clientSecret: string | undefined
  if (connection.oidcClientSecret) {
    try {
      clientSecret = await openClientSecret(ctx.config.secrets, connection.id, connection.oidcClientSecret)
    } catch (cause) {
      throw new SsoError("sso_invalid_connection", "The connection's client secret does not open under this AUTH_SECRET", { cause })
    }
  }
  const provider = normaliseOAuthProvider(
    OIDC({ id: `sso-${connection.id}`, name: connection.name, issuer: connection.oidcIssuer, clientId: connection.oidcClientId, clientSecret }) as never,
    {},
  )
  if (providers.size >= MAX_CACHED) providers.clear()
  providers.set(key, provider)
  return provider
}

/**
 * POST /signin/sso for an OpenID Connect connection: to its authorization endpoint, with fresh
 * checks. `test`: a dry run the caller has already been allowed to start (actions/sso.ts).
 */
export async function oidcSignIn(ctx: AuthContext, connection: AdapterSsoConnection, { test }: { test: boolean }): Promise<ResponseInternal> {
  const provider = await providerFor(ctx, connection)
  let endpoint: string | undefined
  try {
    endpoint = (await authorizationServer(provider)).authorization_endpoint
  } catch (cause) {
    throw new SsoError("sso_oidc_failed", `Could not read the configuration of ${connection.oidcIssuer}`, { cause })
  }
  if (!endpoint) throw new SsoError("sso_oidc_failed", "The issuer has no authorization endpoint")
  const checks = await createChecks(ctx, provider, await newState(ctx.config.keyRing, undefined))
  const url = new URL(endpoint)
  for (const [key, value] of Object.entries(provider.authorization.params)) url.searchParams.set(key, value)
  url.searchParams.set("response_type", "code")
  url.searchParams.set("client_id", connection.oidcClientId!)
  url.searchParams.set("redirect_uri", ssoServiceUrls(ctx.authUrl, connection.id).redirectUri)
  url.searchParams.set("state", checks.values.state)
  if (checks.values.codeVerifier) {
    url.searchParams.set("code_challenge", await o.calculatePKCECodeChallenge(checks.values.codeVerifier))
    url.searchParams.set("code_challenge_method", "S256")
  }
  if (checks.values.nonce) url.searchParams.set("nonce", checks.values.nonce)
  const testMark = test ? [await ssoRequestCookie(ctx, { connectionId: connection.id, requestId: checks.values.state, test })] : []
  return { redirect: url.href, cookies: [...ctx.outCookies, ...checks.cookies, ...testMark] }
}

const claimString = (profile: Profile, claim: string): string | null => {
  const value = profile[claim]
  return typeof value === "string" && value !== "" ? value : null
}

/** GET {basePath}/sso/oidc/{connection}/callback. */
export async function oidcCallback(ctx: AuthContext, connection: AdapterSsoConnection): Promise<ResponseInternal> {
  const provider = await providerFor(ctx, connection)
  ctx.outCookies.push(...clearChecks(ctx))
  const pending = await pendingSsoRequest(ctx, connection.id)
  ctx.outCookies.push(...clearSsoRequestCookie(ctx))
  const checks = await readChecks(ctx, provider)
  const identity = () => oidcIdentity(ctx, connection, provider, checks)
  if (pending?.test && pending.requestId === checks.state) return testSignInResult(ctx, connection, identity)
  return finishSsoSignIn(ctx, connection, await identity())
}

/** The code exchanged and the ID token checked, as what it says about the user. */
async function oidcIdentity(ctx: AuthContext, connection: AdapterSsoConnection, provider: ResolvedOAuthProvider, checks: CheckValues): Promise<SsoIdentity> {
  const params = new URLSearchParams(ctx.request.query)
  const { profile } = await exchangeCode(provider, params, checks, ssoServiceUrls(ctx.authUrl, connection.id).redirectUri)
  const subject = claimString(profile, "sub")
  if (!subject) throw new SsoError("sso_response_invalid", "The ID token has no subject")
  // An address the provider says it did not verify is not one it vouches for.
  const email = profile.email_verified === false ? null : claimString(profile, "email")
  return { subject, email, name: claimString(profile, "name"), attributes: { ...profile } }
}
