/**
 * Kakao (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/kakao
 * Variables: AUTH_KAKAO_ID, AUTH_KAKAO_SECRET
 *
 * Kakao Login; the numeric id becomes a string. The address is used only
 * when Kakao says it is valid and verified (docs/decisions/oauth-and-openid-connect.md, "OAuth
 * providers of @auth/core", "Addresses a provider says it did not verify").
 * The client authenticates with client_secret_post.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.kakao.com/docs/latest/en/kakaologin/rest-api#req-user-info */
export interface KakaoProfile {
  id: number
  has_signed_up?: boolean
  connected_at?: string
  synched_at?: string
  properties?: Record<string, string>
  kakao_account?: {
    profile_needs_agreement?: boolean
    profile_nickname_needs_agreement?: boolean
    profile_image_needs_agreement?: boolean
    profile?: {
      nickname?: string
      thumbnail_image_url?: string
      profile_image_url?: string
      is_default_image?: boolean
      is_default_nickname?: boolean
    }
    name_needs_agreement?: boolean
    name?: string
    email_needs_agreement?: boolean
    is_email_valid?: boolean
    is_email_verified?: boolean
    email?: string
    age_range_needs_agreement?: boolean
    age_range?: string
    birthyear?: string
    birthday?: string
    birthday_type?: "SOLAR" | "LUNAR"
    gender?: "female" | "male"
    phone_number?: string
    ci?: string
    ci_authenticated_at?: string
  }
  [field: string]: unknown
}

export function kakaoEmail(profile: KakaoProfile): string | null {
  const account = profile.kakao_account
  if (!account?.email || account.is_email_valid === false || account.is_email_verified === false) return null
  return account.email
}

export default function Kakao(options: OAuthUserConfig<KakaoProfile> = {}): OAuthConfig<KakaoProfile> {
  return mergeOptions<OAuthConfig<KakaoProfile>>(
    {
      id: "kakao",
      name: "Kakao",
      type: "oauth",
      authorization: { url: "https://kauth.kakao.com/oauth/authorize" },
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        const kakaoProfile = profile.kakao_account?.profile
        return {
          id: accountId(profile.id),
          name: kakaoProfile?.nickname ?? null,
          email: kakaoEmail(profile),
          image: kakaoProfile?.profile_image_url ?? null,
        }
      },
      style: { brandColor: "#fee500", bg: "#fee500", text: "#191919" },
    },
    options,
  )
}
