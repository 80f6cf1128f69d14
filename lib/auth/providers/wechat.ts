/**
 * WeChat (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/wechat
 * Variables: AUTH_WECHAT_ID, AUTH_WECHAT_SECRET[, AUTH_WECHAT_PLATFORM_TYPE]
 *
 * `platformType` "OfficialAccount" (default: sign-in inside WeChat) or
 * "WebsiteApp" (QR-code sign-in on a website). WeChat names the client
 * credentials `appid` and `secret`, answers the token request without a
 * token_type and reports errors as `errcode`/`errmsg` with HTTP 200; the
 * user is read with the `openid` from the token response. The account is
 * keyed by `unionid` (the same across an organisation's apps), or `openid`
 * when the app is not bound to an Open Platform account. WeChat shares no
 * email address.
 *
 * Differs from @auth/core in two ways. `appid` (and the token request's
 * `secret`) are filled when each request is built, where @auth/core reads
 * them when the factory runs (so AUTH_WECHAT_ID alone sends "undefined"). And
 * the credentials go in the token form only, with no HTTP Basic header.
 * WeChat's website login guide (https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Wechat_Login.html)
 * sends the user to /connect/qrconnect with appid, redirect_uri,
 * response_type=code, scope and state; redirects back with `code` and
 * `state`, or, when the user refuses, with `state` alone; and exchanges the
 * code at /sns/oauth2/access_token with appid, secret, code and grant_type.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { bearerWhenMissing, conformTokenResponse, errorFrom } from "./token-response"
import { OAuthCallbackError } from "../errors"

/** https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Authorized_Interface_Calling_UnionID.html */
export interface WeChatProfile {
  openid: string
  nickname: string
  sex: number
  province: string
  city: string
  country: string
  headimgurl: string
  privilege: string[]
  unionid?: string
  [field: string]: unknown
}

export interface WeChatOptions extends OAuthUserConfig<WeChatProfile> {
  platformType?: "OfficialAccount" | "WebsiteApp"
}

const wechatError = errorFrom((body) =>
  typeof body.errcode === "number" && body.errcode !== 0 ? `${body.errcode}: ${String(body.errmsg ?? "")}` : undefined,
)

export default function WeChat(options: WeChatOptions = {}): OAuthConfig<WeChatProfile> {
  const { platformType = "OfficialAccount", ...rest } = options
  if (platformType !== "OfficialAccount" && platformType !== "WebsiteApp") {
    throw new TypeError(`WeChat: platformType must be "OfficialAccount" or "WebsiteApp"`)
  }
  const inWeChat = platformType === "OfficialAccount"
  const userinfoUrl = "https://api.weixin.qq.com/sns/userinfo"
  return mergeOptions<OAuthConfig<WeChatProfile>>(
    {
      id: "wechat",
      name: "WeChat",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: inWeChat ? "https://open.weixin.qq.com/connect/oauth2/authorize" : "https://open.weixin.qq.com/connect/qrconnect",
        params: { scope: inWeChat ? "snsapi_userinfo" : "snsapi_login" },
      },
      token: "https://api.weixin.qq.com/sns/oauth2/access_token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: userinfoUrl,
        async request({ tokens, provider, fetch }) {
          const url = new URL(provider.userinfoUrl ?? userinfoUrl)
          url.searchParams.set("access_token", tokens.access_token ?? "")
          url.searchParams.set("openid", String(tokens.openid ?? ""))
          url.searchParams.set("lang", "zh_CN")
          const response = await fetch(url)
          if (!response.ok) throw new OAuthCallbackError(`WeChat's userinfo answered ${response.status}`)
          // WeChat sends its JSON as text/plain.
          const body = JSON.parse(await response.text()) as WeChatProfile & { errcode?: number; errmsg?: string }
          if (body.errcode) throw new OAuthCallbackError(`WeChat's userinfo answered ${body.errcode}: ${body.errmsg ?? ""}`)
          return body
        },
      },
      profile(profile) {
        return { id: accountId(profile.unionid || profile.openid), name: profile.nickname ?? null, email: null, image: profile.headimgurl || null }
      },
      options: {
        credentialParams: { clientId: "appid", clientSecret: "secret" },
        conformTokenResponse: conformTokenResponse(wechatError, bearerWhenMissing),
      },
      style: { brandColor: "#07c160", bg: "#ffffff", text: "#000000" },
    },
    rest,
  )
}
