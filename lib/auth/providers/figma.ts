/**
 * Figma (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/figma
 * Variables: AUTH_FIGMA_ID, AUTH_FIGMA_SECRET
 *
 * The files:read scope (@auth/core's); the user's handle is the name.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.figma.com/developers/api#users-types */
export interface FigmaProfile {
  id: string
  handle: string
  img_url: string
  email: string
  [field: string]: unknown
}

export default function Figma(options: OAuthUserConfig<FigmaProfile> = {}): OAuthConfig<FigmaProfile> {
  return mergeOptions<OAuthConfig<FigmaProfile>>(
    {
      id: "figma",
      name: "Figma",
      type: "oauth",
      checks: ["state"],
      authorization: { url: "https://www.figma.com/oauth", params: { scope: "files:read" } },
      token: "https://api.figma.com/v1/oauth/token",
      userinfo: "https://api.figma.com/v1/me",
      profile(profile) {
        return { id: accountId(profile.id), name: profile.handle ?? null, email: profile.email ?? null, image: profile.img_url ?? null }
      },
      style: { brandColor: "#ff7237", bg: "#ff7237", text: "#ffffff" },
    },
    options,
  )
}
