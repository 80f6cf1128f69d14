/**
 * FusionAuth (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/fusionauth
 * Variables: AUTH_FUSIONAUTH_ID, AUTH_FUSIONAUTH_SECRET, AUTH_FUSIONAUTH_ISSUER[, AUTH_FUSIONAUTH_TENANT_ID]
 *
 * `tenantId` is needed only when the FusionAuth server has more than one
 * tenant: it picks the tenant's discovery document and goes with the
 * authorization request. FusionAuth answers a successful token request with
 * a WWW-Authenticate header, which oauth4webapi reads as a refusal, so that
 * header is dropped from its 2xx answers. PKCE and state, no nonce.
 *
 * Endpoints as in @auth/core: the authorization endpoint from the (tenant's)
 * discovery document, the token and userinfo endpoints at their fixed paths
 * under the issuer, {issuer}/oauth2/token and {issuer}/oauth2/userinfo
 * (FusionAuth's OAuth endpoints, https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/endpoints).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"

/** https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens#id-token */
export interface FusionAuthProfile extends Profile {
  sub: string
  aud?: string
  iss?: string
  email?: string
  email_verified?: boolean
  name?: string
  preferred_username?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  picture?: string
  roles?: string[]
  tid?: string
  applicationId?: string
  authenticationType?: string
}

export interface FusionAuthOptions extends OAuthUserConfig<FusionAuthProfile> {
  /** Only when the server has more than one tenant. */
  tenantId?: string
}

async function withoutChallengeHeader(response: Response): Promise<Response> {
  if (!response.ok) return response
  const headers = new Headers(response.headers)
  headers.delete("www-authenticate")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

export default function FusionAuth(options: FusionAuthOptions = {}): OAuthConfig<FusionAuthProfile> {
  const { tenantId, ...rest } = options
  const base = rest.issuer?.replace(/\/+$/, "")
  const discovery = base && `${base}/.well-known/openid-configuration${tenantId ? `?tenantId=${encodeURIComponent(tenantId)}` : ""}`
  return OIDC<FusionAuthProfile>(
    mergeOptions<OAuthUserConfig<FusionAuthProfile>>(
      {
        id: "fusionauth",
        name: "FusionAuth",
        wellKnown: discovery || undefined,
        ...(base ? { token: `${base}/oauth2/token`, userinfo: `${base}/oauth2/userinfo` } : {}),
        authorization: { params: { scope: "openid offline_access email profile", tenantId } },
        checks: ["pkce", "state"],
        profile(profile) {
          const fullName = [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ")
          return {
            id: accountId(profile.sub),
            name: profile.name ?? profile.preferred_username ?? (fullName || null),
            email: profile.email ?? null,
            image: profile.picture ?? null,
          }
        },
        options: { conformTokenResponse: withoutChallengeHeader },
        style: { brandColor: "#f58320" },
      },
      rest,
    ),
  )
}
