/**
 * The providers that were found to differ from @auth/core 0.41.3
 * (docs/decisions/provider-differences.md): where a difference went, the
 * provider now gives what @auth/core's gives, read from @auth/core itself;
 * where one stays, the difference is exactly the documented one, and the
 * provider file's header cites the provider's own documentation for it.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { applyProviderEnv } from "@/lib/auth/config/env"
import { authorizationCredentialParams, tokenCredentialParams } from "@/lib/auth/oauth/credential-params"
import { normaliseOAuthProvider } from "@/lib/auth/oauth/normalise"
import type { OAuthConfig } from "@/lib/auth/providers/oauth-types"
import type { Profile } from "@/lib/auth/types"
import Apple from "@/lib/auth/providers/apple"
import Asgardeo from "@/lib/auth/providers/asgardeo"
import ClickUp from "@/lib/auth/providers/click-up"
import Dribbble from "@/lib/auth/providers/dribbble"
import FACEIT from "@/lib/auth/providers/faceit"
import FusionAuth from "@/lib/auth/providers/fusionauth"
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

type AnyProvider = OAuthConfig<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- each factory has its own profile type
type TheirProvider = Record<string, unknown> & { profile?: (profile: unknown, tokens: unknown) => unknown }

const client = { clientId: "client-id", clientSecret: "client-secret" }
const tokens = { access_token: "at", token_type: "bearer" }

async function theirs(file: string, options: Record<string, unknown>): Promise<TheirProvider> {
  const mod = (await import(`../../../../node_modules/@auth/core/providers/${file}.js`)) as { default: (o: Record<string, unknown>) => TheirProvider }
  return mod.default(options)
}

/** @auth/core's user: its profile(), or the default it applies to a provider without one. */
async function theirUser(file: string, payload: Record<string, unknown>) {
  const provider = await theirs(file, client)
  const p = payload as Profile
  const user = (provider.profile
    ? await provider.profile(structuredClone(payload), tokens)
    : { id: p.sub ?? p.id, name: p.name ?? p.nickname ?? p.preferred_username, email: p.email, image: p.picture }) as Record<string, unknown>
  return { id: String(user.id), name: user.name ?? null, email: user.email ?? null, image: user.image ?? null }
}

/** @auth/core's authorization parameters as its engine puts them in the URL (values through String()). */
function theirParams(authorization: unknown): Record<string, string> {
  if (typeof authorization === "string") return Object.fromEntries(new URL(authorization).searchParams)
  const { url, params } = (authorization ?? {}) as { url?: string; params?: Record<string, unknown> }
  const fromUrl = url ? Object.fromEntries(new URL(url).searchParams) : {}
  return { ...fromUrl, ...Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)])) }
}

/** Our authorization parameters: the provider's own plus the credentials it sends under its own names. */
function ourParams(provider: AnyProvider): Record<string, string> {
  return { ...normaliseOAuthProvider(provider, {}).authorization.params, ...authorizationCredentialParams(provider) }
}

describe("reverted: the same as @auth/core's", () => {
  it("Apple checks state and nonce only, and sends its token request with client_secret_post", async () => {
    const ours = normaliseOAuthProvider(Apple(client), {})
    const authCore = await theirs("apple", client)
    expect([...ours.checkSet].sort()).toEqual([...(authCore.checks as string[])].sort())
    expect(ours.clientAuthMethod).toBe((authCore.client as { token_endpoint_auth_method: string }).token_endpoint_auth_method)
    expect(ours.authorization.params).toEqual(theirParams(authCore.authorization))
  })

  it("Reddit: an icon in the payload is not the image (Reddit documents no fields of /api/v1/me)", async () => {
    const payload = { id: "abc123", name: "spez", icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_x.png?width=256&amp;height=256", verified: true }
    const ours = await Reddit(client).profile!(structuredClone(payload), tokens)
    expect(ours).toEqual({ id: "abc123", name: "spez", email: null, image: null })
    expect(ours).toEqual(await theirUser("reddit", payload))
  })

  it("Mail.ru: an `image` in the userinfo answer is not the image", async () => {
    const payload = { id: "123456789", name: "Ivan Petrov", nickname: "ivan", first_name: "Ivan", last_name: "Petrov", email: "ivan@mail.ru", image: "https://filin.mail.ru/pic?email=ivan%40mail.ru" }
    const ours = await Mailru(client).profile!(structuredClone(payload), tokens)
    expect(ours).toEqual({ id: "123456789", name: "Ivan Petrov", email: "ivan@mail.ru", image: null })
    expect(ours).toEqual(await theirUser("mailru", payload))
    // Without a name, both fall back to the nickname.
    const { name: _name, ...nameless } = payload
    expect(await Mailru(client).profile!(structuredClone(nameless), tokens)).toEqual(await theirUser("mailru", nameless))
  })

  it("FACEIT: a userinfo answer without `name` gives no name, not the nickname", async () => {
    const payload = { guid: "0a5c3a2e-1d1b-4a2b-9c8d-7e6f5a4b3c2d", nickname: "fragger", email: "fragger@example.com", picture: "https://assets.faceit-cdn.net/avatars/fragger.jpg" }
    const ours = await FACEIT(client).profile!(structuredClone(payload), tokens)
    expect(ours).toEqual({ id: payload.guid, name: null, email: payload.email, image: payload.picture })
    expect(ours).toEqual(await theirUser("faceit", payload))
  })

  it("Strava: the authorization parameters are @auth/core's (response_type, scope, approval_prompt)", async () => {
    expect(ourParams(Strava(client))).toEqual(theirParams((await theirs("strava", client)).authorization))
    expect(ourParams(Strava(client))).toEqual({ response_type: "code", scope: "read", approval_prompt: "auto" })
  })

  it("FusionAuth: token and userinfo at @auth/core's fixed paths under the issuer; discovery, scope, tenant and checks as before", async () => {
    const options = { ...client, issuer: "https://auth.example.com", tenantId: "t-1" }
    const ours = normaliseOAuthProvider(FusionAuth(options), {})
    const authCore = await theirs("fusionauth", options)
    expect(ours.token.url).toBe((authCore.token as { url: string }).url)
    expect(ours.userinfo.url).toBe(authCore.userinfo)
    expect(ours.wellKnown).toBe(authCore.wellKnown)
    expect(ours.authorization.params).toEqual(theirParams(authCore.authorization))
    expect([...ours.checkSet].sort()).toEqual([...(authCore.checks as string[])].sort())
  })
})

describe("kept: only the documented difference remains", () => {
  it("HubSpot, Notion, TikTok, WeChat: with the client id given to the factory, the authorization parameters are @auth/core's", async () => {
    expect({ client_id: client.clientId, ...ourParams(HubSpot(client)) }).toEqual(theirParams((await theirs("hubspot", client)).authorization))
    expect(ourParams(TikTok(client))).toEqual(theirParams((await theirs("tiktok", client)).authorization))
    for (const platformType of ["OfficialAccount", "WebsiteApp"] as const) {
      const wechat = WeChat({ ...client, platformType })
      const authCore = await theirs("wechat", { ...client, platformType })
      expect(ourParams(wechat)).toEqual(theirParams(authCore.authorization))
      expect(normaliseOAuthProvider(wechat, {}).authorization.url).toBe((authCore.authorization as { url: string }).url)
    }
    // Notion: @auth/core takes redirect_uri from an option; ours is the callback URL the engine sends (tested in the sign-in).
    const notion = await theirs("notion", { ...client, redirectUri: "https://app.example.com/api/auth/callback/notion" })
    const { redirect_uri: _redirectUri, ...theirNotion } = theirParams(notion.authorization)
    expect({ client_id: client.clientId, response_type: "code", ...ourParams(Notion(client)) }).toEqual(theirNotion)
  })

  it("…and with the client id from the environment ours sends it, where @auth/core's parameters carry \"undefined\"", async () => {
    const env = { AUTH_HUBSPOT_ID: "env-id", AUTH_HUBSPOT_SECRET: "s", AUTH_TIKTOK_ID: "env-key", AUTH_TIKTOK_SECRET: "s", AUTH_WECHAT_ID: "wx-env", AUTH_WECHAT_SECRET: "wx-secret", AUTH_NOTION_ID: "notion-env", AUTH_NOTION_SECRET: "s" }
    const tiktok = applyProviderEnv(TikTok, env) as AnyProvider
    expect([authorizationCredentialParams(tiktok), tokenCredentialParams(tiktok)]).toEqual([{ client_key: "env-key" }, { client_key: "env-key" }])
    expect(theirParams((await theirs("tiktok", {})).authorization).client_key).toBe("undefined")
    const wechat = applyProviderEnv(WeChat, env) as AnyProvider
    expect([authorizationCredentialParams(wechat), tokenCredentialParams(wechat)]).toEqual([{ appid: "wx-env" }, { appid: "wx-env", secret: "wx-secret" }])
    expect(theirParams((await theirs("wechat", {})).authorization).appid).toBe("undefined")
    expect((applyProviderEnv(HubSpot, env) as AnyProvider).clientId).toBe("env-id")
    expect(theirParams((await theirs("hubspot", {})).authorization).client_id).toBe("undefined")
    expect((applyProviderEnv(Notion, env) as AnyProvider).clientId).toBe("notion-env")
    expect(theirParams((await theirs("notion", {})).authorization).client_id).toBe("undefined")
  })

  it("Dribbble: \"public\" when no scope is given (@auth/core's URL says \"undefined\"); a given scope is sent as given by both", async () => {
    expect(ourParams(Dribbble(client)).scope).toBe("public")
    expect(theirParams((await theirs("dribbble", client)).authorization).scope).toBe("undefined")
    const upload = { ...client, scope: "public upload" as const }
    expect(ourParams(Dribbble(upload)).scope).toBe(theirParams((await theirs("dribbble", upload)).authorization).scope)
  })

  it("Asgardeo and OneLogin read the same discovery document as @auth/core, and take its issuer as theirs", async () => {
    const asgardeo = { ...client, issuer: "https://api.asgardeo.io/t/acme" }
    const ourAsgardeo = normaliseOAuthProvider(Asgardeo(asgardeo), {})
    expect(`${ourAsgardeo.issuer}/.well-known/openid-configuration`).toBe((await theirs("asgardeo", asgardeo)).wellKnown)
    expect(ourAsgardeo.issuer).toBe("https://api.asgardeo.io/t/acme/oauth2/token")
    const onelogin = { ...client, issuer: "https://acme.onelogin.com" }
    const ourOneLogin = normaliseOAuthProvider(OneLogin(onelogin), {})
    expect(`${ourOneLogin.issuer}/.well-known/openid-configuration`).toBe((await theirs("onelogin", onelogin)).wellKnown)
    expect(ourOneLogin.issuer).toBe("https://acme.onelogin.com/oidc/2")
  })

  it("Osso, Mattermost, WorkOS: for the address @auth/core accepts, the same endpoints; without or with a trailing slash, ours still builds them", async () => {
    const url = (e: unknown) => (typeof e === "string" ? e : (e as { url: string }).url)
    const cases: [string, (o: Record<string, unknown>) => AnyProvider, string, string][] = [
      ["osso", Osso, "https://demo.ossoapp.com/", "https://demo.ossoapp.com"],
      ["mattermost", Mattermost, "https://chat.example.com", "https://chat.example.com/"],
      ["workos", WorkOS, "https://api.workos.com/", "https://api.workos.com"],
    ]
    for (const [file, factory, theirForm, otherForm] of cases) {
      const authCore = await theirs(file, { ...client, issuer: theirForm, connection: "conn_1" })
      const expected = [new URL(url(authCore.authorization)).origin + new URL(url(authCore.authorization)).pathname, url(authCore.token), url(authCore.userinfo)]
      for (const issuer of [theirForm, otherForm]) {
        const ours = normaliseOAuthProvider(factory({ ...client, issuer, connection: "conn_1" }), {})
        expect([ours.authorization.url, ours.token.url, ours.userinfo.url], `${file} ${issuer}`).toEqual(expected)
      }
    }
    // WorkOS: the connection @auth/core bakes into the URL is ours as a parameter.
    const workos = await theirs("workos", { ...client, connection: "conn_1" })
    expect(ourParams(WorkOS({ ...client, connection: "conn_1" }))).toEqual(theirParams(workos.authorization))
  })

  it("ClickUp: email and image from the documented user; @auth/core's user has neither (and two fields a User has not)", async () => {
    const payload = { user: { id: 123, username: "John Doe", email: "johndoe@example.com", color: "#000000", profilePicture: "https://attachments.clickup.com/profilePictures/123_abc.jpg", initials: "JD" } }
    expect(await ClickUp(client).profile!(structuredClone(payload), tokens)).toEqual({ id: "123", name: "John Doe", email: "johndoe@example.com", image: payload.user.profilePicture })
    const authCore = (await (await theirs("click-up", client)).profile!(structuredClone(payload), tokens)) as Record<string, unknown>
    expect(authCore).toEqual({ id: "123", name: "John Doe", profilePicture: payload.user.profilePicture, color: "#000000" })
  })
})

describe("each listed provider's header cites the provider's own documentation", () => {
  const expected: Record<string, RegExp> = {
    apple: /https:\/\/developer\.apple\.com\/documentation\/signinwithapplerestapi\//,
    asgardeo: /https:\/\/wso2\.com\/asgardeo\/docs\//,
    onelogin: /https:\/\/developers\.onelogin\.com\/openid-connect/,
    osso: /https:\/\/ossoapp\.com\/docs\//,
    mattermost: /https:\/\/docs\.mattermost\.com\//,
    workos: /https:\/\/workos\.com\/docs\/reference\/sso\//,
    hubspot: /https:\/\/developers\.hubspot\.com\/docs\//,
    notion: /https:\/\/developers\.notion\.com\/reference\/authorization/,
    strava: /https:\/\/developers\.strava\.com\/docs\/authentication/,
    tiktok: /https:\/\/developers\.tiktok\.com\/doc\/login-kit-web/,
    wechat: /https:\/\/developers\.weixin\.qq\.com\/doc\/oplatform\//,
    "azure-devops": /https:\/\/learn\.microsoft\.com\/en-us\/azure\/devops\/integrate\/get-started\/authentication\/oauth/,
    fusionauth: /https:\/\/fusionauth\.io\/docs\//,
    "click-up": /https:\/\/developer\.clickup\.com\/reference\/getauthorizeduser/,
    faceit: /https:\/\/docs\.faceit\.com\//,
    mailru: /https:\/\/id\.vk\.com\/.*oauth-mail/,
    reddit: /https:\/\/www\.reddit\.com\/dev\/api\/#GET_api_v1_me/,
    dribbble: /https:\/\/developer\.dribbble\.com\/v2\/oauth\//,
  }

  it.each(Object.entries(expected))("%s", (file, citation) => {
    const text = readFileSync(path.join(process.cwd(), "lib/auth/providers", `${file}.ts`), "utf8")
    const header = text.slice(0, text.indexOf("*/"))
    expect(header).toMatch(citation)
    expect(header).toMatch(/@auth\/core/)
    expect(header).not.toMatch(/authjs\.dev/)
  })
})
