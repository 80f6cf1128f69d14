/**
 * Salesforce (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/salesforce
 * Variables: AUTH_SALESFORCE_ID, AUTH_SALESFORCE_SECRET[, AUTH_SALESFORCE_ISSUER]
 *
 * The profile comes from the userinfo endpoint (the ID token carries too
 * little). A sandbox or My Domain login sets `issuer`, e.g.
 * https://test.salesforce.com.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"

/** https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm */
export interface SalesforceProfile {
  sub: string
  user_id?: string
  organization_id?: string
  name?: string
  nickname?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
  photos?: { picture?: string; thumbnail?: string }
  [claim: string]: unknown
}

export default function Salesforce(options: OAuthUserConfig<SalesforceProfile> = {}): OAuthConfig<SalesforceProfile> {
  return oidcPreset<SalesforceProfile>(
    {
      id: "salesforce",
      name: "Salesforce",
      issuer: "https://login.salesforce.com",
      idToken: false,
      checks: ["pkce", "state", "nonce"],
      style: { brandColor: "#00a1e0", bg: "#00a1e0", text: "#ffffff" },
    },
    options,
  )
}
