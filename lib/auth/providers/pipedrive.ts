/**
 * Pipedrive (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/pipedrive
 * Variables: AUTH_PIPEDRIVE_ID, AUTH_PIPEDRIVE_SECRET
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser */
export interface PipedriveProfile {
  success: boolean
  data: {
    id: number
    name: string
    default_currency?: string
    locale?: string
    lang?: number
    email: string
    phone?: string | null
    activated?: boolean
    last_login?: string
    created?: string
    modified?: string | null
    signup_flow_variation?: string
    has_created_company?: boolean
    is_admin?: number
    active_flag?: boolean
    timezone_name?: string
    timezone_offset?: string
    role_id?: number
    icon_url?: string | null
    is_you?: boolean
    company_id?: number
    company_name?: string
    company_domain?: string
    company_country?: string
    company_industry?: string
    language?: { language_code: string; country_code: string }
  }
  [field: string]: unknown
}

export default function Pipedrive(options: OAuthUserConfig<PipedriveProfile> = {}): OAuthConfig<PipedriveProfile> {
  return mergeOptions<OAuthConfig<PipedriveProfile>>(
    {
      id: "pipedrive",
      name: "Pipedrive",
      type: "oauth",
      authorization: "https://oauth.pipedrive.com/oauth/authorize",
      token: "https://oauth.pipedrive.com/oauth/token",
      userinfo: "https://api.pipedrive.com/users/me",
      profile(profile) {
        const user = profile.data
        return { id: accountId(user?.id), name: user.name ?? null, email: user.email ?? null, image: user.icon_url ?? null }
      },
      style: { brandColor: "#017737" },
    },
    options,
  )
}
