/**
 * Passage by 1Password (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/passage
 * Variables: AUTH_PASSAGE_ID, AUTH_PASSAGE_SECRET, AUTH_PASSAGE_ISSUER
 *
 * The issuer is the app's Passage address, https://<app-id>.withpassage.com.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.passage.id/hosted-login/oidc-client-configuration */
export interface PassageProfile {
  iss: string
  sub: string
  aud: string[] | string
  email?: string
  email_verified?: boolean
  phone?: string
  phone_number_verified?: boolean
  [claim: string]: unknown
}

export default function Passage(options: OAuthUserConfig<PassageProfile> = {}): OAuthConfig<PassageProfile> {
  return mergeOptions<OAuthConfig<PassageProfile>>(
    {
      id: "passage",
      name: "Passage",
      type: "oidc",
      client: { token_endpoint_auth_method: "client_secret_basic" },
      profile(profile) {
        // Passage has no display name or picture claims.
        return { id: accountId(profile.sub), name: null, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#3d53f6" },
    },
    options,
  )
}
