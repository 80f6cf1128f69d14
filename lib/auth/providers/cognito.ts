/**
 * Cognito (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/cognito
 * Variables: AUTH_COGNITO_ID, AUTH_COGNITO_SECRET, AUTH_COGNITO_ISSUER
 *
 * The issuer is the user pool's, e.g. https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html */
export interface CognitoProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function Cognito(options: OAuthUserConfig<CognitoProfile> = {}): OAuthConfig<CognitoProfile> {
  return oidcPreset<CognitoProfile>(
    {
      id: "cognito",
      name: "Cognito",
      style: { brandColor: "#c17b9e" },
    },
    options,
  )
}
