/**
 * EVE Online (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/eveonline
 * Variables: AUTH_EVEONLINE_ID, AUTH_EVEONLINE_SECRET
 *
 * EVE SSO v2; the account is the character (its id and name; the image is
 * its portrait). EVE shares no address; state alone protects the flow.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.esi.evetech.net/docs/sso/ (the /oauth/verify answer) */
export interface EVEOnlineProfile {
  CharacterID: number
  CharacterName: string
  ExpiresOn: string
  Scopes: string
  TokenType: string
  CharacterOwnerHash: string
  IntellectualProperty: string
  [field: string]: unknown
}

export default function EVEOnline(options: OAuthUserConfig<EVEOnlineProfile> = {}): OAuthConfig<EVEOnlineProfile> {
  return mergeOptions<OAuthConfig<EVEOnlineProfile>>(
    {
      id: "eveonline",
      name: "EVE Online",
      type: "oauth",
      checks: ["state"],
      authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData" } },
      token: "https://login.eveonline.com/v2/oauth/token",
      userinfo: "https://login.eveonline.com/oauth/verify",
      profile(profile) {
        const id = accountId(profile.CharacterID)
        return { id, name: profile.CharacterName ?? null, email: null, image: `https://image.eveonline.com/Character/${id}_128.jpg` }
      },
      style: { brandColor: "#000000" },
    },
    options,
  )
}
