/**
 * Sign-ins through the real callback for the providers that were found to
 * differ from @auth/core (docs/decisions/provider-differences.md), against
 * stand-ins that answer as each provider documents: the authorization
 * request it documents, the callback parameters it really sends (TikTok's
 * `scopes`, Strava's `scope`, WeChat's refusal with `state` alone, `error`
 * and `error_description` elsewhere), and its token and user answers.
 * Kept differences are asserted as the provider documents them; reverted
 * ones end in @auth/core's user.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { applyProviderEnv } from "@/lib/auth/config/env"
import Asgardeo from "@/lib/auth/providers/asgardeo"
import ClickUp from "@/lib/auth/providers/click-up"
import Dribbble from "@/lib/auth/providers/dribbble"
import FACEIT from "@/lib/auth/providers/faceit"
import HubSpot from "@/lib/auth/providers/hubspot"
import Mailru from "@/lib/auth/providers/mailru"
import Mattermost from "@/lib/auth/providers/mattermost"
import Notion from "@/lib/auth/providers/notion"
import OneLogin from "@/lib/auth/providers/onelogin"
import Osso from "@/lib/auth/providers/osso"
import Reddit from "@/lib/auth/providers/reddit"
import Strava from "@/lib/auth/providers/strava"
import TikTok from "@/lib/auth/providers/tiktok"
import WeChat from "@/lib/auth/providers/wechat"
import WorkOS from "@/lib/auth/providers/workos"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOAuth2Server, type OAuth2Server } from "@/tests/helpers/oauth2-server"
import { IdpBrowser, startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, loginAtProvider, sessionOf, startSignIn } from "./support"

const client = { clientId: "client", clientSecret: "secret" }
// Credentials from the environment, as the starter passes them: the factories ran before they were known.
const ENV = {
  AUTH_HUBSPOT_ID: "hubspot-env-id",
  AUTH_HUBSPOT_SECRET: "hubspot-env-secret",
  AUTH_NOTION_ID: "notion-env-id",
  AUTH_NOTION_SECRET: "notion-env-secret",
  AUTH_TIKTOK_ID: "tiktok-key",
  AUTH_TIKTOK_SECRET: "tiktok-secret",
  AUTH_WECHAT_ID: "wx-app",
  AUTH_WECHAT_SECRET: "wx-secret",
}

describe("providers that differed from @auth/core, signing in against stand-ins that answer as documented", () => {
  let db: TestDatabase
  let as: OAuth2Server
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    as = await startOAuth2Server()
    const at = (path: string) => `${as.url}${path}`
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        applyProviderEnv(HubSpot({ authorization: { url: at("/oauth/authorize") }, token: at("/oauth/v1/token"), userinfo: { url: at("/oauth/v1/access-tokens") } }), ENV),
        applyProviderEnv(Notion({ authorization: { url: at("/v1/oauth/authorize") }, token: at("/v1/oauth/token"), userinfo: { url: at("/v1/users/me") } }), ENV),
        Strava({ ...client, authorization: { url: at("/api/v3/oauth/authorize") }, token: at("/api/v3/oauth/token"), userinfo: at("/api/v3/athlete") }),
        applyProviderEnv(TikTok({ authorization: { url: at("/v2/auth/authorize") }, token: at("/v2/oauth/token"), userinfo: at("/v2/user/info/?fields=open_id,avatar_url,display_name") }), ENV),
        applyProviderEnv(WeChat({ platformType: "WebsiteApp", authorization: { url: at("/connect/qrconnect/authorize") }, token: at("/sns/oauth2/access_token"), userinfo: { url: at("/sns/userinfo") } }), ENV),
        Dribbble({ ...client, authorization: { url: at("/oauth/dribbble/authorize") }, token: at("/oauth/dribbble/token"), userinfo: at("/v2/user") }),
        Reddit({ ...client, authorization: { url: at("/api/v1/authorize") }, token: at("/api/v1/access_token"), userinfo: at("/api/v1/me") }),
        Mailru({ ...client, authorization: { url: at("/mailru/authorize") }, token: at("/mailru/token"), userinfo: at("/userinfo") }),
        FACEIT({ ...client, authorization: { url: at("/accounts/authorize") }, token: at("/auth/v1/oauth/token"), userinfo: at("/auth/v1/resources/userinfo") }),
        ClickUp({ ...client, authorization: { url: at("/clickup/authorize") }, token: at("/api/v2/oauth/token"), userinfo: at("/api/v2/user") }),
        // Self-hosted addresses in the form their guides write them (no trailing slash), and Mattermost's with one.
        Osso({ ...client, issuer: as.url }),
        Mattermost({ ...client, issuer: `${as.url}/` }),
        WorkOS({ ...client, issuer: as.url, connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" }),
      ],
    }
  })
  afterAll(async () => {
    await as.close()
    await db.cleanup()
  })
  beforeEach(() => {
    as.requests.length = 0
    as.callbackQuery = undefined
  })

  async function signIn(providerId: string) {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, providerId)
    const back = await fetch(authorization, { redirect: "manual" })
    const callback = new URL(back.headers.get("location")!)
    const res = await deliverCallback(browser, callback)
    expect(res.status).toBe(302)
    return { browser, authorization, callback, error: new URL(res.headers.get("location")!).searchParams.get("error") }
  }

  const accountOf = (provider: string) => db.prisma.account.findFirstOrThrow({ where: { provider }, include: { user: true } })
  const tokenRequest = (path: string) => as.requests.find((r) => r.path === path && r.method === "POST")!

  it("HubSpot: the client id from the environment in the authorization request (documented: client_id, scope, redirect_uri), the user from the token's metadata", async () => {
    as.tokenResponse = { token_type: "bearer", refresh_token: "hs-rt", access_token: "hs-at", expires_in: 1800 }
    as.routes = { "/oauth/v1/access-tokens/hs-at": { token: "hs-at", user: "test@hubspot.com", hub_domain: "demo.hubapi.com", scopes: ["oauth"], hub_id: 62515, app_id: 456, expires_in: 1754, user_id: 123, token_type: "access" } }
    const { authorization, error } = await signIn("hubspot")
    expect(error).toBeNull()
    expect([authorization.searchParams.get("client_id"), authorization.searchParams.get("scope"), authorization.searchParams.get("redirect_uri")]).toEqual([
      "hubspot-env-id",
      "oauth",
      `${ORIGIN}${BASE}/callback/hubspot`,
    ])
    const token = tokenRequest("/oauth/v1/token")
    expect([token.form?.get("client_id"), token.form?.get("client_secret")]).toEqual(["hubspot-env-id", "hubspot-env-secret"])
    const account = await accountOf("hubspot")
    expect(account.providerAccountId).toBe("123")
    expect(account.user).toMatchObject({ email: "test@hubspot.com", name: "test@hubspot.com", image: null })
  })

  it("Notion: client_id, response_type=code, owner=user and this callback as redirect_uri; the token request repeats it; the user is the bot's owner", async () => {
    const owner = { object: "user", id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6", name: "Avocado Lovelace", avatar_url: "https://secure.notion-static.com/e6a352a8.jpg", type: "person", person: { email: "avo@example.org" } }
    as.tokenResponse = { access_token: "secret_notion", token_type: "bearer", bot_id: "b1", workspace_name: "Avo's", workspace_icon: null, workspace_id: "w1", owner: { type: "user", user: owner }, duplicated_template_id: null, request_id: "r1" }
    as.routes = { "/v1/users/me": { object: "user", id: "b1", type: "bot", name: "Sign-in", avatar_url: null, bot: { owner: { type: "user", user: owner }, workspace_name: "Avo's" } } }
    const { authorization, error } = await signIn("notion")
    expect(error).toBeNull()
    const callbackUrl = `${ORIGIN}${BASE}/callback/notion`
    expect(Object.fromEntries([...authorization.searchParams].filter(([k]) => ["client_id", "response_type", "owner", "redirect_uri"].includes(k)))).toEqual({
      client_id: "notion-env-id",
      response_type: "code",
      owner: "user",
      redirect_uri: callbackUrl,
    })
    const token = tokenRequest("/v1/oauth/token")
    expect(token.form?.get("redirect_uri")).toBe(callbackUrl)
    // HTTP Basic with the client id and secret from the environment (each form-encoded, RFC 6749 2.3.1).
    const basic = Buffer.from(String(token.headers.authorization).replace(/^Basic /, ""), "base64").toString("utf8").split(":").map(decodeURIComponent)
    expect(basic).toEqual(["notion-env-id", "notion-env-secret"])
    const me = as.requests.find((r) => r.path === "/v1/users/me")!
    expect([me.headers["notion-version"], me.headers.authorization]).toEqual(["2022-06-28", "Bearer secret_notion"])
    expect((await accountOf("notion")).user).toMatchObject({ name: "Avocado Lovelace", email: "avo@example.org", image: owner.avatar_url })
  })

  it("Strava: @auth/core's request (response_type=code, scope=read, approval_prompt=auto); the callback's accepted `scope` is taken in stride", async () => {
    as.callbackQuery = ({ code, state }) => ({ state: state ?? "", code, scope: "read" })
    as.tokenResponse = { token_type: "Bearer", expires_at: 1568775134, expires_in: 21600, refresh_token: "st-rt", access_token: "st-at", athlete: { id: 134815, username: "marianne_t" } }
    as.routes = { "/api/v3/athlete": { id: 134815, username: "marianne_t", firstname: "Marianne", lastname: "Teutenberg", profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg" } }
    const { authorization, callback, error } = await signIn("strava")
    expect(error).toBeNull()
    expect(callback.searchParams.get("scope")).toBe("read")
    expect(["response_type", "scope", "approval_prompt"].map((k) => authorization.searchParams.get(k))).toEqual(["code", "read", "auto"])
    expect(tokenRequest("/api/v3/oauth/token").form?.get("client_secret")).toBe("secret")
    const account = await accountOf("strava")
    expect(account.providerAccountId).toBe("134815")
    expect(account.user).toMatchObject({ name: "Marianne Teutenberg", email: null })
  })

  it("Strava: the athlete's refusal (error=access_denied) ends on the error page with a code, and nothing is stored", async () => {
    as.callbackQuery = ({ state }) => ({ state: state ?? "", error: "access_denied" })
    const accounts = await db.prisma.account.count()
    const { error } = await signIn("strava")
    expect(error).not.toBeNull()
    expect(as.requests.some((r) => r.path === "/api/v3/oauth/token")).toBe(false)
    expect(await db.prisma.account.count()).toBe(accounts)
  })

  it("TikTok: client_key from the environment; the callback's `code`, `scopes` and `state` sign in; the user from data.user", async () => {
    as.callbackQuery = ({ code, state }) => ({ code, scopes: "user.info.basic", state: state ?? "" })
    as.tokenResponse = { access_token: "act.1", expires_in: 86400, open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4", refresh_expires_in: 31536000, refresh_token: "rft.1", scope: "user.info.basic", token_type: "Bearer" }
    as.routes = { "/v2/user/info/": { data: { user: { open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4", avatar_url: "https://p19-sign.tiktokcdn-us.com/a.jpeg", display_name: "Tik Toker" } }, error: { code: "ok", message: "", log_id: "1" } } }
    const { authorization, callback, error } = await signIn("tiktok")
    expect(error).toBeNull()
    expect(callback.searchParams.get("scopes")).toBe("user.info.basic")
    expect([authorization.searchParams.get("client_key"), authorization.searchParams.get("scope"), authorization.searchParams.get("response_type")]).toEqual(["tiktok-key", "user.info.basic", "code"])
    const token = tokenRequest("/v2/oauth/token")
    expect(["client_key", "client_secret", "grant_type", "redirect_uri"].map((k) => token.form?.get(k))).toEqual(["tiktok-key", "tiktok-secret", "authorization_code", `${ORIGIN}${BASE}/callback/tiktok`])
    expect((await accountOf("tiktok")).user).toMatchObject({ name: "Tik Toker", email: null, image: "https://p19-sign.tiktokcdn-us.com/a.jpeg" })
  })

  it("TikTok: a refusal (error and error_description) ends on the error page with a code, not a 500", async () => {
    as.callbackQuery = ({ state }) => ({ error: "access_denied", error_description: "The user denied the authorization", state: state ?? "" })
    const { error } = await signIn("tiktok")
    expect(error).not.toBeNull()
    expect(as.requests.some((r) => r.path === "/v2/oauth/token")).toBe(false)
  })

  it("WeChat (website app): appid from the environment and scope=snsapi_login; appid and secret in the token form, no Basic header", async () => {
    as.tokenResponse = { access_token: "wx-at", expires_in: 7200, refresh_token: "wx-rt", openid: "OPENID", scope: "snsapi_login", unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL" }
    as.routes = { "/sns/userinfo": { openid: "OPENID", nickname: "NICKNAME", sex: 1, province: "PROVINCE", city: "CITY", country: "COUNTRY", headimgurl: "https://thirdwx.qlogo.cn/mmopen/0", privilege: [], unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL" } }
    const { authorization, error } = await signIn("wechat")
    expect(error).toBeNull()
    expect([authorization.searchParams.get("appid"), authorization.searchParams.get("scope"), authorization.searchParams.get("response_type")]).toEqual(["wx-app", "snsapi_login", "code"])
    const token = tokenRequest("/sns/oauth2/access_token")
    expect([token.form?.get("appid"), token.form?.get("secret"), token.form?.get("grant_type")]).toEqual(["wx-app", "wx-secret", "authorization_code"])
    expect(token.headers.authorization).toBeUndefined()
    expect((await accountOf("wechat")).providerAccountId).toBe("o6_bmasdasdsad6_2sgVt7hMZOPfL")
  })

  it("WeChat: a user who refuses comes back with `state` alone (no code, no error): the error page with a code, no token request", async () => {
    as.callbackQuery = ({ state }) => ({ state: state ?? "" })
    const { browser, callback, error } = await signIn("wechat")
    expect([...callback.searchParams.keys()]).toEqual(["state"])
    expect(error).not.toBeNull()
    expect(as.requests.some((r) => r.path === "/sns/oauth2/access_token")).toBe(false)
    expect(await sessionOf(browser)).toBeNull()
  })

  it("Dribbble: scope=public when none is configured, as Dribbble applies when it is left out", async () => {
    as.tokenResponse = { access_token: "dr-at", token_type: "bearer", scope: "public", created_at: 1700000000 }
    as.routes = { "/v2/user": { id: 1, name: "Dan Cederholm", login: "simplebits", html_url: "https://dribbble.com/simplebits", avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg", bio: "", location: "Salem, MA", links: {}, can_upload_shot: true, pro: true, followers_count: 1, created_at: "2009-07-08T02:51:22Z", type: "Player", teams: [] } }
    const { authorization, error } = await signIn("dribbble")
    expect(error).toBeNull()
    expect(authorization.searchParams.get("scope")).toBe("public")
    expect((await accountOf("dribbble")).user).toMatchObject({ name: "Dan Cederholm", image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg" })
  })

  it("Reddit, Mail.ru and FACEIT end in @auth/core's user: no image from Reddit's icon or Mail.ru's `image`, no name from FACEIT's nickname", async () => {
    as.tokenResponse = { access_token: "rd-at", token_type: "bearer", expires_in: 86400, scope: "identity" }
    as.routes = { "/api/v1/me": { id: "abc123", name: "spez", icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_x.png?width=256&amp;height=256", verified: true, has_verified_email: true } }
    expect((await signIn("reddit")).error).toBeNull()
    expect((await accountOf("reddit")).user).toMatchObject({ name: "spez", email: null, image: null })

    as.tokenResponse = { access_token: "mr-at", token_type: "bearer", expires_in: 3600, refresh_token: "mr-rt" }
    as.routes = { "/userinfo": { id: "123456789", client_id: "client", gender: "m", name: "Ivan Petrov", nickname: "ivan", locale: "ru_RU", first_name: "Ivan", last_name: "Petrov", email: "ivan@mail.ru", image: "https://filin.mail.ru/pic?email=ivan%40mail.ru" } }
    const mailru = await signIn("mailru")
    expect(mailru.error).toBeNull()
    expect(mailru.authorization.searchParams.get("scope")).toBe("userinfo")
    expect((await accountOf("mailru")).user).toMatchObject({ name: "Ivan Petrov", email: "ivan@mail.ru", image: null })

    as.tokenResponse = { access_token: "fc-at", token_type: "bearer", expires_in: 3600 }
    as.routes = { "/auth/v1/resources/userinfo": { guid: "0a5c3a2e-1d1b-4a2b-9c8d-7e6f5a4b3c2d", nickname: "fragger", email: "fragger@example.com", picture: "https://assets.faceit-cdn.net/avatars/fragger.jpg", locale: "en" } }
    const faceit = await signIn("faceit")
    expect(faceit.error).toBeNull()
    expect(faceit.authorization.searchParams.get("redirect_popup")).toBe("true")
    expect(String(tokenRequest("/auth/v1/oauth/token").headers.authorization)).toMatch(/^Basic /)
    expect((await accountOf("faceit")).user).toMatchObject({ name: null, email: "fragger@example.com", image: "https://assets.faceit-cdn.net/avatars/fragger.jpg" })
  })

  it("ClickUp: the documented user's email and profilePicture become the address and image", async () => {
    as.tokenResponse = { access_token: "cu-at" }
    as.routes = { "/api/v2/user": { user: { id: 183, username: "John Doe", email: "johndoe@example.com", color: "#827718", profilePicture: "https://attachments-public.clickup.com/profilePictures/183_abc.jpg", initials: "JD", week_start_day: 0, global_font_support: false, timezone: "America/Los_Angeles" } } }
    expect((await signIn("click-up")).error).toBeNull()
    expect((await accountOf("click-up")).user).toMatchObject({ email: "johndoe@example.com", image: "https://attachments-public.clickup.com/profilePictures/183_abc.jpg" })
  })

  it("Osso and Mattermost: endpoints from the server's address with or without its trailing slash", async () => {
    as.tokenResponse = { access_token: "os-at", token_type: "bearer", expires_in: 600 }
    as.routes = { "/oauth/me": { id: "6f9d1b1e-2a3c-4d5e-8f90-123456789abc", email: "user@example.com", idp: "Okta", requested: { domain: "example.com", email: null } } }
    const osso = await signIn("osso")
    expect(osso.error).toBeNull()
    expect(osso.authorization.pathname).toBe("/oauth/authorize")
    expect(as.requests.some((r) => r.path === "/oauth/token")).toBe(true)
    expect((await accountOf("osso")).user).toMatchObject({ email: "user@example.com" })

    as.tokenResponse = { access_token: "mm-at", token_type: "bearer", expires_in: 3600, scope: "", refresh_token: "mm-rt" }
    as.routes = { "/api/v4/users/me": { id: "8x9iqr4wjbf9mn5o4opmpx5w4a", create_at: 1, update_at: 1, delete_at: 0, username: "ada", first_name: "Ada", last_name: "Lovelace", nickname: "", email: "ada@example.com", email_verified: true, auth_service: "", roles: "system_user", locale: "en" } }
    const mattermost = await signIn("mattermost")
    expect(mattermost.error).toBeNull()
    expect(mattermost.authorization.pathname).toBe("/oauth/authorize")
    const token = tokenRequest("/oauth/access_token")
    expect([token.form?.get("client_id"), token.form?.get("client_secret")]).toEqual(["client", "secret"])
    expect((await accountOf("mattermost")).user).toMatchObject({ name: "ada", email: "ada@example.com" })
  })

  it("WorkOS: the connection as a query parameter of /sso/authorize; the code exchanged at /sso/token; the profile from /sso/profile", async () => {
    const profile = { object: "profile", id: "prof_01DMC79VCBZ0NY2099737PSVF1", organization_id: "org_01EHQMYV6MBK39QC5PZXHY59C3", connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5", connection_type: "OktaSAML", idp_id: "00u1a0ufowBJlzPlk357", email: "todd@example.com", first_name: "Todd", last_name: "Rundgren", raw_attributes: {} }
    as.tokenResponse = { access_token: "01DMEK0J53CVMC32CK5SE0KZ8Q", token_type: "Bearer", expires_in: 600, profile }
    as.routes = { "/sso/profile": profile }
    const { authorization, error } = await signIn("workos")
    expect(error).toBeNull()
    expect([authorization.pathname, authorization.searchParams.get("connection")]).toEqual(["/sso/authorize", "conn_01E4ZCR3C56J083X43JQXF3JK5"])
    expect(tokenRequest("/sso/token").form?.get("client_secret")).toBe("secret")
    expect((await accountOf("workos")).user).toMatchObject({ name: "Todd Rundgren", email: "todd@example.com", image: null })
  })

  it("WorkOS: its error redirect (error, error_description, state) ends on the error page with a code", async () => {
    as.callbackQuery = ({ state }) => ({ error: "organization_invalid", error_description: "No connection associated with organization", state: state ?? "" })
    const { error } = await signIn("workos")
    expect(error).not.toBeNull()
    expect(as.requests.some((r) => r.path === "/sso/token")).toBe(false)
  })
})

describe("OneLogin and Asgardeo against OpenID Providers whose issuers are the documented paths", () => {
  let db: TestDatabase
  let onelogin: OidcServer
  let asgardeo: OidcServer
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    onelogin = await startOidcServer({ issuerPath: "/oidc/2", redirectUris: [`${ORIGIN}${BASE}/callback/onelogin`] })
    asgardeo = await startOidcServer({ issuerPath: "/t/acme/oauth2/token", redirectUris: [`${ORIGIN}${BASE}/callback/asgardeo`] })
    const base = (issuer: string, path: string) => issuer.slice(0, -path.length)
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        // The forms @auth/core takes: the account's address and the organisation's URL.
        OneLogin({ issuer: base(onelogin.issuer, "/oidc/2"), clientId: onelogin.clientId, clientSecret: onelogin.clientSecret }),
        Asgardeo({ issuer: base(asgardeo.issuer, "/oauth2/token"), clientId: asgardeo.clientId, clientSecret: asgardeo.clientSecret }),
      ],
    }
  })
  afterAll(async () => {
    await onelogin.close()
    await asgardeo.close()
    await db.cleanup()
  })

  it.each([
    ["onelogin", () => onelogin, "/oidc/2/.well-known/openid-configuration"],
    ["asgardeo", () => asgardeo, "/t/acme/oauth2/token/.well-known/openid-configuration"],
  ] as const)("%s: the discovery document at the documented place, and the ID token's issuer accepted", async (id, server, discovery) => {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, id)
    expect(server().counts[discovery]).toBeGreaterThan(0)
    const res = await deliverCallback(browser, await loginAtProvider(authorization, `${id}-user`, new IdpBrowser()))
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe(`${id}-user@idp.example.test`)
  })
})
