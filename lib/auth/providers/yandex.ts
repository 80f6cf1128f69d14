/**
 * Yandex (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/yandex
 * Variables: AUTH_YANDEX_ID, AUTH_YANDEX_SECRET
 *
 * Yandex ID, the web-portal profile. The avatar URL is built from
 * `default_avatar_id` (no avatar when `is_avatar_empty`: it is a
 * placeholder); the email is `default_email`.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import { fetchJson } from "./fetch-json"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://yandex.com/dev/id/doc/en/user-information */
export interface YandexProfile {
  id: string
  login: string
  client_id: string
  psuid: string
  birthday?: string | null
  default_avatar_id?: string
  default_email?: string
  default_phone?: { id: number; number: string }
  display_name?: string
  first_name?: string
  last_name?: string
  real_name?: string
  emails?: string[]
  is_avatar_empty?: boolean
  sex?: "female" | "male" | null
  [field: string]: unknown
}

export type YandexAvatarSize =
  | "islands-small"
  | "islands-34"
  | "islands-middle"
  | "islands-50"
  | "islands-retina-small"
  | "islands-68"
  | "islands-75"
  | "islands-retina-middle"
  | "islands-retina-50"
  | "islands-200"

export function yandexAvatarUrl(profile: YandexProfile, size: YandexAvatarSize = "islands-200"): string | null {
  if (profile.is_avatar_empty || !profile.default_avatar_id) return null
  return `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/${size}`
}

export default function Yandex(options: OAuthUserConfig<YandexProfile> = {}): OAuthConfig<YandexProfile> {
  const infoUrl = "https://login.yandex.ru/info?format=json"
  return mergeOptions<OAuthConfig<YandexProfile>>(
    {
      id: "yandex",
      name: "Yandex",
      type: "oauth",
      authorization: {
        url: "https://oauth.yandex.ru/authorize",
        params: { scope: "login:info login:email login:avatar" },
      },
      token: "https://oauth.yandex.ru/token",
      userinfo: {
        url: infoUrl,
        // Yandex's API takes the token in its own "OAuth" scheme.
        request: ({ tokens, fetch, provider }) => fetchJson<YandexProfile>(fetch, provider.userinfoUrl ?? infoUrl, tokens.access_token, "OAuth"),
      },
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: profile.display_name ?? profile.real_name ?? profile.first_name ?? profile.login,
          email: profile.default_email ?? profile.emails?.[0] ?? null,
          image: yandexAvatarUrl(profile),
        }
      },
      style: { brandColor: "#fc3f1d", bg: "#ffcc00", text: "#000000" },
    },
    options,
  )
}
