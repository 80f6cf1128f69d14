/**
 * Twitch (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/twitch
 * Variables: AUTH_TWITCH_ID, AUTH_TWITCH_SECRET
 *
 * The ID token carries email, picture and preferred_username only when they
 * are asked for in the `claims` parameter. Twitch's token endpoint takes
 * the credentials in the form, answers with `scope` as a list, and reports
 * errors as `{ status, message }`; those are turned into RFC 6749 shapes.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { conformTokenResponse, errorFrom, scopeAsString } from "./token-response"

/** https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/#requesting-claims */
export interface TwitchProfile {
  iss: string
  sub: string
  aud: string
  azp?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
  updated_at?: string
  [claim: string]: unknown
}

const CLAIMS = { id_token: { email: null, email_verified: null, picture: null, preferred_username: null } }

export default function Twitch(options: OAuthUserConfig<TwitchProfile> = {}): OAuthConfig<TwitchProfile> {
  return mergeOptions<OAuthConfig<TwitchProfile>>(
    {
      id: "twitch",
      name: "Twitch",
      type: "oidc",
      issuer: "https://id.twitch.tv/oauth2",
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: { params: { scope: "openid user:read:email", claims: JSON.stringify(CLAIMS) } },
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.preferred_username ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      options: {
        conformTokenResponse: conformTokenResponse(
          errorFrom((body, response) => (!response.ok && typeof body.message === "string" ? body.message : undefined)),
          scopeAsString,
        ),
      },
      style: { brandColor: "#9146ff", bg: "#65459b", text: "#ffffff" },
    },
    options,
  )
}
