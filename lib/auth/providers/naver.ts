/**
 * Naver (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/naver
 * Variables: AUTH_NAVER_ID, AUTH_NAVER_SECRET
 *
 * The profile API wraps the user in `response`; the user is named by
 * their nickname.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://developers.naver.com/docs/login/profile/profile.md */
export interface NaverProfile {
  resultcode: string
  message: string
  response: {
    id: string
    nickname?: string
    name?: string
    email?: string
    gender?: "F" | "M" | "U"
    age?: string
    birthday?: string
    profile_image?: string
    birthyear?: string
    mobile?: string
  }
  [field: string]: unknown
}

export default function Naver(options: OAuthUserConfig<NaverProfile> = {}): OAuthConfig<NaverProfile> {
  return mergeOptions<OAuthConfig<NaverProfile>>(
    {
      id: "naver",
      name: "Naver",
      type: "oauth",
      authorization: "https://nid.naver.com/oauth2.0/authorize",
      token: "https://nid.naver.com/oauth2.0/token",
      userinfo: "https://openapi.naver.com/v1/nid/me",
      profile(profile) {
        const user = profile.response
        return { id: accountId(user?.id), name: user.nickname ?? null, email: user.email ?? null, image: user.profile_image ?? null }
      },
      style: { brandColor: "#03c75a" },
    },
    options,
  )
}
