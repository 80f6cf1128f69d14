/**
 * LINE (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/line
 * Variables: AUTH_LINE_ID, AUTH_LINE_SECRET
 *
 * LINE signs ID tokens with the channel secret (HS256). The email claim
 * comes only when the channel has been granted email permission and the
 * `email` scope is asked for.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.line.biz/en/docs/line-login/verify-id-token/#payload */
export interface LineProfile {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  amr?: string[]
  name?: string
  picture?: string
  email?: string
  [claim: string]: unknown
}

export default function Line(options: OAuthUserConfig<LineProfile> = {}): OAuthConfig<LineProfile> {
  return mergeOptions<OAuthConfig<LineProfile>>(
    {
      id: "line",
      name: "LINE",
      type: "oidc",
      issuer: "https://access.line.me",
      client: { id_token_signed_response_alg: "HS256" },
      checks: ["state"],
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      style: { brandColor: "#00c300", bg: "#00c300", text: "#ffffff" },
    },
    options,
  )
}
