/**
 * The catalogue's plain OAuth 2.0 providers (LINE … Zoom half) signing in
 * through the real callback against a local authorization server answering
 * in each provider's published shapes: endpoints built from a self-hosted
 * server's `issuer` (Mastodon), a profile that takes a second request with
 * the provider's own header (Nextcloud), the client id under the provider's
 * own name (TikTok's client_key, WeChat's appid/secret) and token responses
 * that bend RFC 6749 (WeChat, Mailchimp).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { getAccessToken, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Mailchimp from "@/lib/auth/providers/mailchimp"
import Mastodon from "@/lib/auth/providers/mastodon"
import Nextcloud from "@/lib/auth/providers/nextcloud"
import TikTok from "@/lib/auth/providers/tiktok"
import WeChat from "@/lib/auth/providers/wechat"
import { applyProviderEnv } from "@/lib/auth/config/env"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOAuth2Server, type OAuth2Server } from "@/tests/helpers/oauth2-server"
import { SECRET } from "@/tests/integration/auth/support"
import { Browser, deliverCallback, startSignIn } from "./support"

describe("catalogue OAuth 2.0 providers (L–Z) against a local authorization server", () => {
  let db: TestDatabase
  let as: OAuth2Server
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    as = await startOAuth2Server()
    const client = { clientId: "client", clientSecret: "secret" }
    // TikTok and WeChat take their credentials from the environment, as the starter does:
    // the factories ran before the client id was known.
    const env = { AUTH_TIKTOK_ID: "tiktok-key", AUTH_TIKTOK_SECRET: "tiktok-secret", AUTH_WECHAT_ID: "wx-app", AUTH_WECHAT_SECRET: "wx-secret" }
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        Mastodon({ ...client, issuer: `${as.url}/` }),
        Nextcloud({ ...client, issuer: `${as.url}/nc` }),
        applyProviderEnv(
          TikTok({
            authorization: { url: `${as.url}/v2/auth/authorize` },
            token: `${as.url}/v2/oauth/token`,
            userinfo: `${as.url}/v2/user/info/?fields=open_id,avatar_url,display_name`,
          }),
          env,
        ),
        applyProviderEnv(
          WeChat({
            authorization: { url: `${as.url}/connect/oauth2/authorize` },
            token: `${as.url}/sns/oauth2/access_token`,
            userinfo: { url: `${as.url}/sns/userinfo` },
          }),
          env,
        ),
        Mailchimp({ ...client, authorization: `${as.url}/oauth2/authorize`, token: `${as.url}/oauth2/token`, userinfo: `${as.url}/oauth2/metadata` }),
      ],
    }
  })
  afterAll(async () => {
    await as.close()
    await db.cleanup()
  })
  beforeEach(() => {
    as.requests.length = 0
  })

  async function signIn(providerId: string) {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, providerId)
    const back = await fetch(authorization, { redirect: "manual" })
    const res = await deliverCallback(browser, new URL(back.headers.get("location")!))
    expect(res.status).toBe(302)
    return { browser, authorization, error: new URL(res.headers.get("location")!).searchParams.get("error") }
  }

  async function accountOf(provider: string) {
    return db.prisma.account.findFirstOrThrow({ where: { provider }, include: { user: true } })
  }

  it("Mastodon: endpoints from the server's address, the read scope, no email", async () => {
    as.tokenResponse = { access_token: "m-at", token_type: "Bearer", scope: "read", created_at: 1573979017 }
    as.routes = {
      "/api/v1/accounts/verify_credentials": {
        id: "14715", username: "trwnh", acct: "trwnh", display_name: "trwnh", locked: false, bot: false, created_at: "2016-11-24T10:02:12.085Z",
        note: "", url: `${as.url}/@trwnh`, avatar: `${as.url}/a.png`, avatar_static: `${as.url}/a-static.png`, header: "", header_static: "",
        followers_count: 0, following_count: 0, statuses_count: 0, last_status_at: null,
      },
    }
    const { authorization, error } = await signIn("mastodon")
    expect(error).toBeNull()
    expect(authorization.pathname).toBe("/oauth/authorize")
    expect(authorization.searchParams.get("scope")).toBe("read")
    const account = await accountOf("mastodon")
    expect(account.providerAccountId).toBe("14715")
    expect(account.user).toMatchObject({ name: "trwnh", email: null, image: `${as.url}/a-static.png` })
  })

  it("Nextcloud: the user named in the token response, read from the OCS API with its header", async () => {
    as.tokenResponse = { access_token: "nc-at", token_type: "Bearer", expires_in: 3600, refresh_token: "nc-rt", user_id: "frank" }
    as.routes = {
      "/nc/ocs/v1.php/cloud/users/frank": { ocs: { meta: { status: "ok", statuscode: 100 }, data: { id: "frank", displayname: "Frank K.", email: "Frank@Example.org", enabled: true } } },
    }
    const { error } = await signIn("nextcloud")
    expect(error).toBeNull()
    const users = as.requests.find((r) => r.path === "/nc/ocs/v1.php/cloud/users/frank")!
    expect(users.headers["ocs-apirequest"]).toBe("true")
    expect(users.headers.authorization).toBe("Bearer nc-at")
    const account = await accountOf("nextcloud")
    expect(account.providerAccountId).toBe("frank")
    expect(account.user).toMatchObject({ name: "Frank K.", email: "frank@example.org", image: `${as.url}/nc/avatar/frank/512` })
  })

  it("TikTok: the client key as client_key in the authorization request and the token form; the user from data.user", async () => {
    as.tokenResponse = { access_token: "act.1", expires_in: 86400, open_id: "723f24d7", refresh_token: "rft.1", refresh_expires_in: 31536000, scope: "user.info.basic", token_type: "Bearer" }
    as.routes = {
      "/v2/user/info/": { data: { user: { open_id: "723f24d7", avatar_url: "https://p16.tiktokcdn.example/a.jpeg", display_name: "Tik Toker" } }, error: { code: "ok", message: "", log_id: "1" } },
    }
    const { authorization, error } = await signIn("tiktok")
    expect(error).toBeNull()
    expect(authorization.searchParams.get("client_key")).toBe("tiktok-key")
    expect(authorization.searchParams.get("scope")).toBe("user.info.basic")
    const token = as.requests.find((r) => r.path === "/v2/oauth/token")!
    expect(token.form?.get("client_key")).toBe("tiktok-key")
    expect(token.form?.get("client_secret")).toBe("tiktok-secret")
    const account = await accountOf("tiktok")
    expect(account.providerAccountId).toBe("723f24d7")
    expect(account.user).toMatchObject({ name: "Tik Toker", email: null, image: "https://p16.tiktokcdn.example/a.jpeg" })
  })

  it("WeChat: appid and secret, a token response without token_type, the user read by openid", async () => {
    as.tokenResponse = { access_token: "wx-at", expires_in: 7200, refresh_token: "wx-rt", openid: "OPENID", scope: "snsapi_userinfo", unionid: "UNIONID" }
    as.routes = {
      "/sns/userinfo": { openid: "OPENID", nickname: "微信用户", sex: 1, province: "", city: "", country: "CN", headimgurl: "https://thirdwx.qlogo.example/0", privilege: [], unionid: "UNIONID" },
    }
    const { authorization, error } = await signIn("wechat")
    expect(error).toBeNull()
    expect(authorization.searchParams.get("appid")).toBe("wx-app")
    expect(authorization.searchParams.get("scope")).toBe("snsapi_userinfo")
    expect(authorization.searchParams.has("code_challenge")).toBe(false)
    const token = as.requests.find((r) => r.path === "/sns/oauth2/access_token")!
    expect([token.form?.get("appid"), token.form?.get("secret")]).toEqual(["wx-app", "wx-secret"])
    const userinfo = as.requests.find((r) => r.path === "/sns/userinfo")!
    expect([userinfo.query.get("access_token"), userinfo.query.get("openid"), userinfo.query.get("lang")]).toEqual(["wx-at", "OPENID", "zh_CN"])
    const account = await accountOf("wechat")
    expect(account.providerAccountId).toBe("UNIONID")
    expect(account.token_type).toBe("bearer")
    expect(account.user).toMatchObject({ name: "微信用户", email: null })
  })

  it("WeChat: an errcode answered with HTTP 200 fails the sign-in with the error page's code, not a 500", async () => {
    as.tokenResponse = { errcode: 40029, errmsg: "invalid code" }
    const { error } = await signIn("wechat")
    expect(error).toBe("OAuthCallbackError")
  })

  it("Mailchimp: a token response with a null scope and no token_type; the login from the metadata", async () => {
    as.tokenResponse = { access_token: "mc-at", expires_in: 0, scope: null }
    as.routes = {
      "/oauth2/metadata": { dc: "us1", role: "owner", accountname: "Freddie's Jokes", user_id: 1, login: { email: "freddie@example.com", avatar: null, login_id: 8675309, login_name: "freddie", login_email: "freddie@example.com" }, login_url: "", api_endpoint: "" },
    }
    const { error } = await signIn("mailchimp")
    expect(error).toBeNull()
    const account = await accountOf("mailchimp")
    expect(account.providerAccountId).toBe("8675309")
    expect(account.user).toMatchObject({ name: "Freddie's Jokes", email: "freddie@example.com" })
  })

  it("a refresh sends the renamed credentials and gets the same repairs: WeChat's refresh without token_type, then its errcode", async () => {
    const key = { provider: "wechat", providerAccountId: "UNIONID" }
    // The account from the sign-in above; its access token has run out.
    await db.prisma.account.update({ where: { provider_providerAccountId: key }, data: { expires_at: 1 } })
    as.refreshResponse = { access_token: "wx-at-2", expires_in: 7200, refresh_token: "wx-rt-2", openid: "OPENID", scope: "snsapi_userinfo" }
    expect(await getAccessToken(config, key)).toMatchObject({ accessToken: "wx-at-2" })
    const refresh = as.requests.find((r) => r.form?.get("grant_type") === "refresh_token")!
    expect([refresh.form?.get("appid"), refresh.form?.get("secret"), refresh.form?.get("refresh_token")]).toEqual(["wx-app", "wx-secret", "wx-rt"])
    expect(await db.prisma.account.findUniqueOrThrow({ where: { provider_providerAccountId: key } })).toMatchObject({ access_token: "wx-at-2", refresh_token: "wx-rt-2" })

    await db.prisma.account.update({ where: { provider_providerAccountId: key }, data: { expires_at: 1 } })
    as.refreshResponse = { errcode: 40030, errmsg: "invalid refresh_token" }
    expect(await getAccessToken(config, key)).toEqual({ error: "RefreshTokenError" })
  })
})
