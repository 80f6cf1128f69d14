/**
 * Mail.ru (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/mailru
 * Variables: AUTH_MAILRU_ID, AUTH_MAILRU_SECRET
 *
 * The user is @auth/core's: id, name (else nickname) and email from
 * https://oauth.mail.ru/userinfo, no image. Mail.ru's current OAuth guide
 * (https://id.vk.com/about/business/go/docs/ru/vkid/latest/oauth/oauth-mail/index,
 * formerly https://oauth.mail.ru/docs) documents the `userinfo` scope as basic
 * user information; an avatar field is not read, since the guide as we could
 * read it does not name one.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://oauth.mail.ru/docs (userinfo) */
export interface MailruProfile {
  id: string
  client_id?: string
  name?: string
  nickname?: string
  first_name?: string
  last_name?: string
  email?: string
  image?: string
  gender?: string
  locale?: string
  birthday?: string
  [field: string]: unknown
}

export default function Mailru(options: OAuthUserConfig<MailruProfile> = {}): OAuthConfig<MailruProfile> {
  return mergeOptions<OAuthConfig<MailruProfile>>(
    {
      id: "mailru",
      name: "Mail.ru",
      type: "oauth",
      authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
      token: "https://oauth.mail.ru/token",
      userinfo: "https://oauth.mail.ru/userinfo",
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: profile.name ?? profile.nickname ?? null,
          email: profile.email ?? null,
          image: null,
        }
      },
      style: { brandColor: "#005ff9" },
    },
    options,
  )
}
