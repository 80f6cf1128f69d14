/**
 * OneLogin (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/onelogin
 * Variables: AUTH_ONELOGIN_ID, AUTH_ONELOGIN_SECRET, AUTH_ONELOGIN_ISSUER
 *
 * `issuer` is the account's address, https://<subdomain>.onelogin.com; its
 * OpenID Connect (version 2) issuer is that address plus /oidc/2, which is
 * what the ID tokens carry. Either form may be given.
 *
 * Differs from @auth/core, which keeps the account address as the issuer and
 * only moves the discovery URL: OneLogin's OpenID Connect reference
 * (https://developers.onelogin.com/openid-connect, "Discovery") publishes
 * https://<subdomain>.onelogin.com/oidc/2/.well-known/openid-configuration
 * whose issuer, and the ID tokens' `iss`, is …/oidc/2; our discovery and
 * ID-token checks compare against that.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.onelogin.com/openid-connect/api/user-info */
export interface OneLoginProfile {
  sub: string
  name?: string
  preferred_username?: string
  given_name?: string
  family_name?: string
  email?: string
  updated_at?: number
  [claim: string]: unknown
}

/** https://acme.onelogin.com → https://acme.onelogin.com/oidc/2 (an issuer already ending in /oidc/2 is kept). */
export function oneLoginIssuer(issuer: string): string {
  const base = issuer.replace(/\/+$/, "")
  return base.endsWith("/oidc/2") ? base : `${base}/oidc/2`
}

export default function OneLogin(options: OAuthUserConfig<OneLoginProfile> = {}): OAuthConfig<OneLoginProfile> {
  const issuer = options.issuer ? oneLoginIssuer(options.issuer) : undefined
  return mergeOptions<OAuthConfig<OneLoginProfile>>(
    {
      id: "onelogin",
      name: "OneLogin",
      type: "oidc",
      profile(profile) {
        return {
          id: accountId(profile.sub),
          name: profile.name ?? profile.preferred_username ?? null,
          email: profile.email ?? null,
          image: null,
        }
      },
      style: { brandColor: "#1c1f2a" },
    },
    { ...options, issuer },
  )
}
