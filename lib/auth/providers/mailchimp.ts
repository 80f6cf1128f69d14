/**
 * Mailchimp (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/mailchimp
 * Variables: AUTH_MAILCHIMP_ID, AUTH_MAILCHIMP_SECRET
 *
 * The user is the account login from the metadata endpoint. Mailchimp's
 * token response has no token_type and a null scope; both are repaired.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { bearerWhenMissing, conformTokenResponse, scopeAsString } from "./token-response"

/** https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/ (metadata) */
export interface MailchimpProfile {
  dc: string
  role: string
  accountname: string
  user_id: number
  login: {
    email: string
    avatar: string | null
    login_id: number
    login_name: string
    login_email: string
  }
  login_url: string
  api_endpoint: string
  [field: string]: unknown
}

export default function Mailchimp(options: OAuthUserConfig<MailchimpProfile> = {}): OAuthConfig<MailchimpProfile> {
  return mergeOptions<OAuthConfig<MailchimpProfile>>(
    {
      id: "mailchimp",
      name: "Mailchimp",
      type: "oauth",
      authorization: "https://login.mailchimp.com/oauth2/authorize",
      token: "https://login.mailchimp.com/oauth2/token",
      userinfo: "https://login.mailchimp.com/oauth2/metadata",
      profile(profile) {
        return { id: accountId(profile.login.login_id), name: profile.accountname, email: profile.login.email, image: null }
      },
      options: { conformTokenResponse: conformTokenResponse(bearerWhenMissing, scopeAsString) },
      style: { brandColor: "#ffe01b", bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
