/**
 * Hugging Face (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/huggingface
 * Variables: AUTH_HUGGINGFACE_ID, AUTH_HUGGINGFACE_SECRET
 *
 * Issuer https://huggingface.co unless `issuer` says otherwise; PKCE and state, no nonce.
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { oidcPreset } from "./oidc-preset"
import type { Profile } from "../types"

/** https://huggingface.co/docs/hub/oauth */
export interface HuggingfaceProfile extends Profile {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  picture?: string
}

export default function Huggingface(options: OAuthUserConfig<HuggingfaceProfile> = {}): OAuthConfig<HuggingfaceProfile> {
  return oidcPreset<HuggingfaceProfile>(
    {
      id: "huggingface",
      issuer: "https://huggingface.co",
      name: "Hugging Face",
      checks: ["pkce", "state"],
      style: { brandColor: "#ffd21e", bg: "#ffd21e", text: "#000000" },
    },
    options,
  )
}
