/**
 * Zoho (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/zoho
 * Variables: AUTH_ZOHO_ID, AUTH_ZOHO_SECRET
 *
 * Zoho Accounts in the US data centre; other regions override the
 * endpoints (accounts.zoho.eu, accounts.zoho.in, …). Zoho has no profile
 * picture URL in this API.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://www.zoho.com/accounts/protocol/oauth/web-apps/user-info.html */
export interface ZohoProfile {
  ZUID: number
  First_Name: string
  Last_Name: string
  Email: string
  Display_Name: string
  [field: string]: unknown
}

export default function Zoho(options: OAuthUserConfig<ZohoProfile> = {}): OAuthConfig<ZohoProfile> {
  return mergeOptions<OAuthConfig<ZohoProfile>>(
    {
      id: "zoho",
      name: "Zoho",
      type: "oauth",
      authorization: { url: "https://accounts.zoho.com/oauth/v2/auth", params: { scope: "AaaServer.profile.Read" } },
      token: "https://accounts.zoho.com/oauth/v2/token",
      userinfo: "https://accounts.zoho.com/oauth/user/info",
      profile(profile) {
        return { id: accountId(profile.ZUID), name: `${profile.First_Name} ${profile.Last_Name}`, email: profile.Email ?? null, image: null }
      },
      style: { brandColor: "#e42527" },
    },
    options,
  )
}
