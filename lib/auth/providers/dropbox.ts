/**
 * Dropbox (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/dropbox
 * Variables: AUTH_DROPBOX_ID, AUTH_DROPBOX_SECRET
 *
 * Offline access (a refresh token) and the account_info.read scope. The
 * account is read with a POST (Dropbox's RPC style), not a GET.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"
import type { Profile } from "../types"

/** https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account */
export interface DropboxProfile {
  account_id: string
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string }
  email: string
  email_verified: boolean
  disabled?: boolean
  locale?: string
  referral_link?: string
  is_paired?: boolean
  account_type?: { ".tag": "basic" | "pro" | "business" }
  root_info?: { ".tag": string; root_namespace_id: string; home_namespace_id: string }
  profile_photo_url?: string
  country?: string
  [field: string]: unknown
}

const ACCOUNT_URL = "https://api.dropboxapi.com/2/users/get_current_account"

/**
 * Typed over the engine's Profile, not DropboxProfile: Dropbox's `name` is an
 * object where OpenID's is a string, so a config typed with DropboxProfile
 * would not fit `providers`. profile() reads the payload as DropboxProfile.
 */
export default function Dropbox(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return mergeOptions<OAuthConfig<Profile>>(
    {
      id: "dropbox",
      name: "Dropbox",
      type: "oauth",
      authorization: {
        url: "https://www.dropbox.com/oauth2/authorize",
        params: { token_access_type: "offline", scope: "account_info.read" },
      },
      token: "https://api.dropboxapi.com/oauth2/token",
      userinfo: {
        url: ACCOUNT_URL,
        async request({ tokens, fetch, provider }) {
          // An RPC endpoint without arguments: a POST with no body.
          const response = await fetch(provider.userinfoUrl ?? ACCOUNT_URL, {
            method: "POST",
            headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json" },
          })
          if (!response.ok) throw new OAuthCallbackError(`Dropbox answered ${response.status}`)
          return (await response.json()) as Profile
        },
      },
      profile(payload) {
        const profile = payload as unknown as DropboxProfile
        return {
          id: accountId(profile.account_id),
          name: profile.name?.display_name ?? null,
          email: profile.email ?? null,
          image: profile.profile_photo_url ?? null,
        }
      },
      style: { brandColor: "#0061fe" },
    },
    options,
  )
}
