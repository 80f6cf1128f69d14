/**
 * Bungie (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/bungie
 * Variables: AUTH_BUNGIE_ID, AUTH_BUNGIE_SECRET, AUTH_BUNGIE_API_KEY
 *
 * Bungie.net's API wants the application's API key (`apiKey`, the
 * X-API-Key header) on every call. The user is read by the membership id
 * the token response names. Bungie shares no address. The callback URL must
 * be https, also in development.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { OAuthCallbackError } from "../errors"

/** https://bungie-net.github.io/multi/schema_User-GeneralUser.html */
export interface BungieGeneralUser {
  membershipId: string
  uniqueName?: string
  displayName: string
  profilePicture?: number
  profilePicturePath: string
  profileThemeName?: string
  isDeleted?: boolean
  about?: string
  firstAccess?: string
  lastUpdate?: string
  bungieGlobalDisplayName?: string
  bungieGlobalDisplayNameCode?: number
  [field: string]: unknown
}

/** https://bungie-net.github.io/multi/operation_get_User-GetBungieAccount.html (UserMembershipData in the envelope) */
export interface BungieProfile {
  Response: { bungieNetUser: BungieGeneralUser; destinyMemberships?: unknown[] }
  ErrorCode?: number
  ErrorStatus?: string
  Message?: string
  [field: string]: unknown
}

export interface BungieOptions extends OAuthUserConfig<BungieProfile> {
  /** The application's API key from bungie.net/en/Application. */
  apiKey?: string
}

const API = "https://www.bungie.net/platform"

export function bungieImage(path: string | undefined): string | null {
  if (!path) return null
  return `https://www.bungie.net${path.startsWith("/") ? "" : "/"}${path}`
}

export default function Bungie(options: BungieOptions = {}): OAuthConfig<BungieProfile> {
  const { apiKey, ...rest } = options
  return mergeOptions<OAuthConfig<BungieProfile>>(
    {
      id: "bungie",
      name: "Bungie",
      type: "oauth",
      authorization: { url: "https://www.bungie.net/en/OAuth/Authorize", params: { reauth: "true" } },
      token: "https://www.bungie.net/platform/app/oauth/token/",
      userinfo: {
        url: `${API}/User/GetBungieAccount/{membershipId}/254/`,
        async request({ tokens, fetch, provider }) {
          const membershipId = tokens.membership_id
          if (typeof membershipId !== "string" && typeof membershipId !== "number") throw new OAuthCallbackError("Bungie named no membership id")
          const template = provider.userinfoUrl ?? `${API}/User/GetBungieAccount/{membershipId}/254/`
          const url = template.replace(/\{membershipId\}|%7BmembershipId%7D/, encodeURIComponent(String(membershipId)))
          const response = await fetch(url, {
            headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, "x-api-key": apiKey ?? "", accept: "application/json" },
          })
          if (!response.ok) throw new OAuthCallbackError(`Bungie answered ${response.status}`)
          return (await response.json()) as BungieProfile
        },
      },
      profile(profile) {
        const user = profile.Response?.bungieNetUser
        return {
          id: accountId(user?.membershipId),
          name: user.displayName ?? null,
          email: null,
          image: bungieImage(user.profilePicturePath),
        }
      },
      style: { brandColor: "#0a0a0a" },
    },
    rest,
  )
}
