/**
 * United Effects (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/united-effects
 * Variables: AUTH_UNITED_EFFECTS_ID, AUTH_UNITED_EFFECTS_SECRET, AUTH_UNITED_EFFECTS_ISSUER
 *
 * The issuer is the auth group's, https://auth.unitedeffects.com/<group>;
 * it is also sent as the `resource` the token is for, so pass `issuer`
 * to the factory (the starter does, from AUTH_UNITED_EFFECTS_ISSUER).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.unitedeffects.com/ (OpenID claims) */
export interface UnitedEffectsProfile {
  sub: string
  email?: string
  email_verified?: boolean
  name?: string
  picture?: string
  [claim: string]: unknown
}

export default function UnitedEffects(options: OAuthUserConfig<UnitedEffectsProfile> = {}): OAuthConfig<UnitedEffectsProfile> {
  return mergeOptions<OAuthConfig<UnitedEffectsProfile>>(
    {
      id: "united-effects",
      name: "United Effects",
      type: "oidc",
      authorization: { params: { scope: "openid email profile", resource: options.issuer } },
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      style: { brandColor: "#1e3a5f" },
    },
    options,
  )
}
