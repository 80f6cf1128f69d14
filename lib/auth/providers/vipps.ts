/**
 * Vipps MobilePay (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/vipps
 * Variables: AUTH_VIPPS_ID, AUTH_VIPPS_SECRET[, AUTH_VIPPS_ISSUER]
 *
 * The profile comes from the userinfo endpoint. The test environment sets
 * `issuer` to https://apitest.vipps.no/access-management-1.0/access/.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developer.vippsmobilepay.com/api/userinfo/#tag/Userinfo-Endpoint */
export interface VippsProfile {
  sub: string
  name?: string
  given_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  birthdate?: string
  sid?: string
  [claim: string]: unknown
}

export default function Vipps(options: OAuthUserConfig<VippsProfile> = {}): OAuthConfig<VippsProfile> {
  return mergeOptions<OAuthConfig<VippsProfile>>(
    {
      id: "vipps",
      name: "Vipps",
      type: "oidc",
      issuer: "https://api.vipps.no/access-management-1.0/access/",
      authorization: { params: { scope: "openid name email" } },
      idToken: false,
      checks: ["pkce", "state", "nonce"],
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#f05c18" },
    },
    options,
  )
}
