/**
 * NetSuite (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/netsuite
 * Variables: AUTH_NETSUITE_ID, AUTH_NETSUITE_SECRET, AUTH_NETSUITE_ACCOUNT_ID, AUTH_NETSUITE_USERINFO
 *
 * `accountID` (e.g. 1234567, or 1234567-SB1 for a sandbox) picks the
 * account's endpoints. NetSuite has no userinfo endpoint of its own:
 * `userinfo` is the URL of a RESTlet or Suitelet of yours that answers with
 * the user ({ id, name, email, … }), and it must be given.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** What the RESTlet answers with (runtime.getCurrentUser() in SuiteScript). */
export interface NetSuiteProfile {
  id: number
  name: string
  email: string
  location?: number
  role?: number
  roleId?: string
  roleCenter?: string
  contact?: number
  subsidiary?: number
  department?: number
  [field: string]: unknown
}

export interface NetSuiteOptions extends OAuthUserConfig<NetSuiteProfile> {
  /** The NetSuite account id; a sandbox's "_SB1" is written "-SB1". */
  accountID: string
  /** "none", "login", "consent" or "login consent": when the login and consent screens show. */
  prompt?: string
}

export default function NetSuite(options: NetSuiteOptions): OAuthConfig<NetSuiteProfile> {
  const { accountID, prompt, ...rest } = options
  if (!/^[A-Za-z0-9-]+$/.test(accountID ?? "")) throw new TypeError("NetSuite: pass `accountID`, e.g. 1234567 or 1234567-SB1")
  const host = accountID.toLowerCase()
  return mergeOptions<OAuthConfig<NetSuiteProfile>>(
    {
      id: "netsuite",
      name: "NetSuite",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: `https://${host}.app.netsuite.com/app/login/oauth2/authorize.nl`,
        params: { scope: "restlets rest_webservices", prompt },
      },
      token: `https://${host}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? null, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#181a1b", bg: "#181a1b", text: "#fbfbfb" },
    },
    rest,
  )
}
