/**
 * Google (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/google
 * Variables: AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET
 *
 * Only emails Google has verified are linked to an existing user, and only
 * when `allowDangerousEmailAccountLinking` is set.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload */
export interface GoogleProfile {
  aud: string
  azp: string
  email: string
  email_verified: boolean
  exp: number
  family_name?: string
  given_name: string
  hd?: string
  iat: number
  iss: string
  jti?: string
  locale?: string
  name: string
  nbf?: number
  picture: string
  sub: string
  [claim: string]: unknown
}

export default function Google(options: OAuthUserConfig<GoogleProfile> = {}): OAuthConfig<GoogleProfile> {
  return mergeOptions<OAuthConfig<GoogleProfile>>(
    {
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      profile(profile) {
        return {
          id: accountId(profile.sub),
          name: profile.name,
          email: profile.email_verified ? profile.email : null,
          image: profile.picture,
        }
      },
      style: { brandColor: "#1a73e8", bg: "#ffffff", text: "#1f1f1f" },
    },
    options,
  )
}
