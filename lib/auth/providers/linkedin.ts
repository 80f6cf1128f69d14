/**
 * LinkedIn (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/linkedin
 * Variables: AUTH_LINKEDIN_ID, AUTH_LINKEDIN_SECRET
 *
 * "Sign In with LinkedIn using OpenID Connect"; the token endpoint takes the
 * client credentials in the form (client_secret_post).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2#id-token-payload */
export interface LinkedInProfile {
  sub: string
  name: string
  given_name: string
  family_name: string
  picture?: string
  locale?: string | { country: string; language: string }
  email?: string
  email_verified?: boolean
  [claim: string]: unknown
}

export default function LinkedIn(options: OAuthUserConfig<LinkedInProfile> = {}): OAuthConfig<LinkedInProfile> {
  return mergeOptions<OAuthConfig<LinkedInProfile>>(
    {
      id: "linkedin",
      name: "LinkedIn",
      type: "oidc",
      issuer: "https://www.linkedin.com/oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      style: { brandColor: "#0a66c2", bg: "#006699", text: "#ffffff" },
    },
    options,
  )
}
