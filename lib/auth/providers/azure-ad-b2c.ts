/**
 * Azure AD B2C (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/azure-ad-b2c
 * Variables: AUTH_AZURE_AD_B2C_ID, AUTH_AZURE_AD_B2C_SECRET, AUTH_AZURE_AD_B2C_ISSUER
 *
 * The issuer is the user flow's, e.g. https://<tenant>.b2clogin.com/<tenant-id>/v2.0/.
 * B2C puts the addresses in an `emails` array; the first is the user's.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"

/** https://learn.microsoft.com/en-us/azure/active-directory-b2c/tokens-overview#claims */
export interface AzureADB2CProfile extends Profile {
  sub: string
  oid?: string
  tfp?: string
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  emails?: string[]
  idp?: string
}

export default function AzureADB2C(options: OAuthUserConfig<AzureADB2CProfile> = {}): OAuthConfig<AzureADB2CProfile> {
  return OIDC<AzureADB2CProfile>(
    mergeOptions<OAuthUserConfig<AzureADB2CProfile>>(
      {
        id: "azure-ad-b2c",
        name: "Azure AD B2C",
        profile(profile) {
          return {
            id: accountId(profile.sub),
            name: profile.name ?? profile.preferred_username ?? null,
            email: profile.emails?.[0] ?? null,
            image: null,
          }
        },
        style: { brandColor: "#0072c6", bg: "#0072c6", text: "#ffffff" },
      },
      options,
    ),
  )
}
