/**
 * Ory Hydra (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/hydra
 * Variables: AUTH_HYDRA_ID, AUTH_HYDRA_SECRET, AUTH_HYDRA_ISSUER
 *
 * The provider id is "hydra", as in Auth.js, so its callback URL and
 * variables say HYDRA. The issuer is Hydra's public URL.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"

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
  return oidcPreset<OryHydraProfile>(
    {
      id: "hydra",
      name: "Hydra",
      style: { brandColor: "#0f172a", bg: "#ffffff", text: "#0f172a" },
    },
    options,
  )
}
