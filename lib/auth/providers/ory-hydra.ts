/**
 * Ory Hydra (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/hydra
 * Variables: AUTH_HYDRA_ID, AUTH_HYDRA_SECRET, AUTH_HYDRA_ISSUER
 *
 * The provider id is "hydra", as in Auth.js, so its callback URL and
 * variables say HYDRA. The issuer is Hydra's public URL.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.ory.sh/docs/hydra/reference/api#tag/oidc/operation/getOidcUserInfo */
export interface OryHydraProfile {
  iss: string
  sub: string
  aud: string[] | string
  name?: string
  preferred_username?: string
  nickname?: string
  email?: string
  email_verified?: boolean
  picture?: string
  [claim: string]: unknown
}

export default function OryHydra(options: OAuthUserConfig<OryHydraProfile> = {}): OAuthConfig<OryHydraProfile> {
  return mergeOptions<OAuthConfig<OryHydraProfile>>(
    {
      id: "hydra",
      name: "Hydra",
      type: "oidc",
      profile(profile) {
        return {
          id: accountId(profile.sub),
          name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
          email: profile.email ?? null,
          image: profile.picture ?? null,
        }
      },
      style: { brandColor: "#0f172a", bg: "#ffffff", text: "#0f172a" },
    },
    options,
  )
}
