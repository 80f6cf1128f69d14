/**
 * ZITADEL (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/zitadel
 * Variables: AUTH_ZITADEL_ID, AUTH_ZITADEL_SECRET, AUTH_ZITADEL_ISSUER
 *
 * The issuer is the instance's domain, e.g. https://<instance>.zitadel.cloud.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"

/** https://zitadel.com/docs/apis/openidoauth/claims */
export interface ZitadelProfile {
  iss: string
  sub: string
  aud: string[] | string
  name?: string
  given_name?: string
  family_name?: string
  nickname?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
  locale?: string
  [claim: string]: unknown
}

export default function Zitadel(options: OAuthUserConfig<ZitadelProfile> = {}): OAuthConfig<ZitadelProfile> {
  return oidcPreset<ZitadelProfile>(
    {
      id: "zitadel",
      name: "ZITADEL",
      style: { brandColor: "#ff8700" },
    },
    options,
  )
}
