/**
 * Kinde (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/kinde
 * Variables: AUTH_KINDE_ID, AUTH_KINDE_SECRET, AUTH_KINDE_ISSUER
 *
 * The issuer is the business's domain, e.g. https://myapp.kinde.com. PKCE and state, no nonce (as Kinde's own SDKs).
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://docs.kinde.com/build/tokens/about-id-tokens/ */
export interface KindeProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function Kinde(options: OAuthUserConfig<KindeProfile> = {}): OAuthConfig<KindeProfile> {
  return oidcPreset<KindeProfile>(
    {
      id: "kinde",
      name: "Kinde",
      checks: ["pkce", "state"],
      style: { brandColor: "#0f0f0f", bg: "#ffffff", text: "#0f0f0f" },
    },
    options,
  )
}
