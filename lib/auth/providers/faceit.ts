/**
 * FACEIT (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/faceit
 * Variables: AUTH_FACEIT_ID, AUTH_FACEIT_SECRET
 *
 * The client authenticates with HTTP Basic (the default). The user is
 * @auth/core's: guid, name, email and picture of the userinfo answer. FACEIT
 * (https://docs.faceit.com/getting-started/authentication/oauth2) sends its
 * field list to the FACEIT Connect document, not the API reference, so no
 * other field (such as `nickname` for a missing name) is read.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.faceit.com/getting-started/authentication/faceit-connect/ (the userinfo answer) */
export interface FaceItProfile {
  guid: string
  name?: string
  nickname?: string
  email: string
  picture: string
  locale?: string
  given_name?: string
  family_name?: string
  birthdate?: string
  membership?: string
  [field: string]: unknown
}

export default function FACEIT(options: OAuthUserConfig<FaceItProfile> = {}): OAuthConfig<FaceItProfile> {
  return mergeOptions<OAuthConfig<FaceItProfile>>(
    {
      id: "faceit",
      name: "FACEIT",
      type: "oauth",
      authorization: { url: "https://accounts.faceit.com/accounts", params: { redirect_popup: "true" } },
      token: "https://api.faceit.com/auth/v1/oauth/token",
      userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
      profile(profile) {
        return {
          id: accountId(profile.guid),
          name: profile.name ?? null,
          email: profile.email ?? null,
          image: profile.picture ?? null,
        }
      },
      style: { brandColor: "#ff5500" },
    },
    options,
  )
}
