/**
 * OAuth 2.0 providers of the 42-school … kinde catalog whose profile is not
 * one plain GET, signing in against a local authorization server that
 * answers in each provider's published shapes: Dropbox (the account read
 * with a POST), HubSpot (the token's metadata by path, client_secret_post),
 * Foursquare (the token as a query parameter, a token answer without
 * token_type), Bungie (the membership id from the token answer, the API
 * key header), Atlassian (state only, audience), Facebook (Graph fields),
 * Kakao and Eventbrite (client_secret_post, addresses they did not verify),
 * Instagram and ClickUp (token answers without token_type). Azure DevOps signs in
 * against a stand-in that speaks its assertion grant.
 */
import https from "node:https"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Atlassian from "@/lib/auth/providers/atlassian"
import AzureDevOps from "@/lib/auth/providers/azure-devops"
import Bungie from "@/lib/auth/providers/bungie"
import ClickUp from "@/lib/auth/providers/click-up"
import Dropbox from "@/lib/auth/providers/dropbox"
import Eventbrite from "@/lib/auth/providers/eventbrite"
import Facebook from "@/lib/auth/providers/facebook"
import Foursquare from "@/lib/auth/providers/foursquare"
import HubSpot from "@/lib/auth/providers/hubspot"
import Instagram from "@/lib/auth/providers/instagram"
import Kakao from "@/lib/auth/providers/kakao"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOAuth2Server, type OAuth2Server } from "@/tests/helpers/oauth2-server"
import { testTlsOptions } from "@/tests/helpers/tls"
import { SECRET } from "@/tests/integration/auth/support"
import { Browser, deliverCallback, sessionOf, startSignIn } from "./support"

describe("catalog OAuth 2.0 providers against a local authorization server", () => {
  let db: TestDatabase
  let as: OAuth2Server
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    as = await startOAuth2Server()
    const client = { clientId: "client", clientSecret: "secret" }
    const at = (path: string) => `${as.url}${path}`
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        Dropbox({ ...client, authorization: { url: at("/oauth2/authorize") }, token: at("/oauth2/token"), userinfo: { url: at("/2/users/get_current_account") } }),
        HubSpot({ ...client, authorization: { url: at("/oauth/authorize") }, token: at("/oauth/v1/token"), userinfo: { url: at("/oauth/v1/access-tokens") } }),
        Foursquare({ ...client, authorization: { url: at("/oauth2/authenticate/authorize") }, token: at("/oauth2/access_token"), userinfo: { url: at("/v2/users/self?v=20230131") } }),
        Bungie({
          ...client,
          apiKey: "bungie-api-key",
          authorization: { url: at("/en/OAuth/authorize") },
          token: at("/platform/app/oauth/token"),
          userinfo: { url: at("/platform/User/GetBungieAccount/{membershipId}/254/") },
        }),
        Atlassian({ ...client, authorization: { url: at("/authorize") }, token: at("/oauth/token"), userinfo: at("/me") }),
        AzureDevOps({ ...client, authorization: { url: at("/oauth2/authorize") }, token: at("/oauth2/token"), userinfo: at("/profile") }),
        Facebook({ ...client, authorization: { url: at("/v19.0/dialog/oauth/authorize") }, token: at("/oauth/access_token"), userinfo: at("/me?fields=id,name,email,picture") }),
        Kakao({ ...client, authorization: { url: at("/oauth/kakao/authorize") }, token: at("/oauth/kakao/token"), userinfo: at("/v2/user/me") }),
        Eventbrite({ ...client, authorization: { url: at("/oauth/eventbrite/authorize") }, token: at("/oauth/eventbrite/token"), userinfo: at("/v3/users/me/") }),
        Instagram({ ...client, authorization: { url: at("/oauth/instagram/authorize") }, token: at("/oauth/instagram/access_token"), userinfo: at("/ig/me?fields=id,username,account_type,name") }),
        ClickUp({ ...client, authorization: { url: at("/clickup/authorize") }, token: at("/api/v2/oauth/token"), userinfo: at("/api/v2/user") }),
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
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBeNull()
    return { browser, authorization }
  }

  const accountOf = (provider: string) => db.prisma.account.findFirstOrThrow({ where: { provider }, include: { user: true } })

  it("Dropbox: offline access asked for, the account read with a POST, refresh token kept", async () => {
    as.tokenResponse = { access_token: "sl.at", token_type: "bearer", expires_in: 14400, refresh_token: "db-rt", account_id: "dbid:AAH4f99", scope: "account_info.read", uid: "12345" }
    as.routes = {
      "/2/users/get_current_account": {
        account_id: "dbid:AAH4f99",
        name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" },
        email: "Franz@Dropbox.com",
        email_verified: true,
        profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/x",
      },
    }
    const { browser, authorization } = await signIn("dropbox")
    expect(authorization.searchParams.get("token_access_type")).toBe("offline")
    const read = as.requests.find((r) => r.path === "/2/users/get_current_account")!
    expect(read.method).toBe("POST")
    expect(read.headers.authorization).toBe("Bearer sl.at")
    const account = await accountOf("dropbox")
    expect(account.providerAccountId).toBe("dbid:AAH4f99")
    expect(account.refresh_token).toBe("db-rt")
    expect(account.user).toMatchObject({ email: "franz@dropbox.com", name: "Franz Ferdinand (Personal)", image: "https://dl-web.dropbox.com/account_photo/get/x" })
    expect((await sessionOf(browser))?.user?.email).toBe("franz@dropbox.com")
  })

  it("HubSpot: client_secret_post, the user from the token's metadata (no Authorization header sent)", async () => {
    as.tokenResponse = { access_token: "hub-at", token_type: "bearer", expires_in: 1800, refresh_token: "hub-rt" }
    as.routes = {
      "/oauth/v1/access-tokens/hub-at": { token: "hub-at", user: "Sales@Example.com", hub_domain: "demo.hubapi.com", scopes: ["oauth"], hub_id: 62515, app_id: 456, expires_in: 1800, user_id: 123, token_type: "access" },
    }
    await signIn("hubspot")
    const token = as.requests.find((r) => r.path === "/oauth/v1/token")!
    expect(token.form?.get("client_secret")).toBe("secret")
    expect(token.headers.authorization).toBeUndefined()
    expect(as.requests.find((r) => r.path === "/oauth/v1/access-tokens/hub-at")!.headers.authorization).toBeUndefined()
    const account = await accountOf("hubspot")
    expect(account.providerAccountId).toBe("123")
    expect(account.user).toMatchObject({ email: "sales@example.com", name: "Sales@Example.com", image: null })
  })

  it("Foursquare: a token answer without token_type is accepted; the token goes as oauth_token with the API version", async () => {
    as.tokenResponse = { access_token: "4sq-at" }
    as.routes = {
      "/v2/users/self": { meta: { code: 200 }, response: { user: { id: "4321", firstName: "Jimmy", lastName: "Foursquare", photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/4321.jpg" }, contact: { email: "jimmy@example.com" } } } },
    }
    await signIn("foursquare")
    const read = as.requests.find((r) => r.path === "/v2/users/self")!
    expect(read.query.get("oauth_token")).toBe("4sq-at")
    expect(read.query.get("v")).toBe("20230131")
    const account = await accountOf("foursquare")
    expect(account.providerAccountId).toBe("4321")
    expect(account.token_type).toBe("bearer")
    expect(account.user).toMatchObject({ email: "jimmy@example.com", name: "Jimmy Foursquare", image: "https://fastly.4sqi.net/img/user/original/4321.jpg" })
  })

  it("Bungie: the user by the token answer's membership id, with the API key; no address", async () => {
    as.tokenResponse = { access_token: "bng-at", token_type: "Bearer", expires_in: 3600, membership_id: "20345678" }
    as.routes = {
      "/platform/User/GetBungieAccount/20345678/254/": {
        Response: { bungieNetUser: { membershipId: "20345678", displayName: "Guardian", profilePicturePath: "/img/profile/avatars/default_avatar.gif" } },
        ErrorCode: 1,
        ErrorStatus: "Success",
      },
    }
    const { authorization } = await signIn("bungie")
    expect(authorization.searchParams.get("reauth")).toBe("true")
    const read = as.requests.find((r) => r.path === "/platform/User/GetBungieAccount/20345678/254/")!
    expect(read.headers["x-api-key"]).toBe("bungie-api-key")
    expect(read.headers.authorization).toBe("Bearer bng-at")
    const account = await accountOf("bungie")
    expect(account.user).toMatchObject({ email: null, name: "Guardian", image: "https://www.bungie.net/img/profile/avatars/default_avatar.gif" })
  })

  it("Bungie without a membership id in the token answer fails the sign-in with a code, not a 500", async () => {
    as.tokenResponse = { access_token: "bng-at-2", token_type: "Bearer", expires_in: 3600 }
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, "bungie")
    const back = await fetch(authorization, { redirect: "manual" })
    const res = await deliverCallback(browser, new URL(back.headers.get("location")!))
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("OAuthCallbackError")
  })

  it("Atlassian: audience and read:me, no PKCE challenge", async () => {
    as.tokenResponse = { access_token: "atl-at", token_type: "Bearer", expires_in: 3600, scope: "read:me" }
    as.routes = { "/me": { account_id: "5b10ac8d82e05b22cc7d4ef5", email: "mia@example.com", name: "Mia Krystof", picture: "https://avatar.example/mia.png" } }
    const { authorization } = await signIn("atlassian")
    expect(authorization.searchParams.get("audience")).toBe("api.atlassian.com")
    expect(authorization.searchParams.get("code_challenge")).toBeNull()
    expect((await accountOf("atlassian")).user).toMatchObject({ email: "mia@example.com", name: "Mia Krystof" })
  })

  it("Facebook: the Graph fields asked for, the picture's URL as image", async () => {
    as.tokenResponse = { access_token: "fb-at", token_type: "bearer", expires_in: 5183944 }
    as.routes = { "/me": { id: "10158999999999999", name: "Mark Page", email: "mark@example.com", picture: { data: { height: 50, width: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/p/1" } } } }
    const { authorization } = await signIn("facebook")
    expect(authorization.searchParams.get("scope")).toBe("email")
    const read = as.requests.find((r) => r.path === "/me")!
    expect(read.query.get("fields")).toBe("id,name,email,picture")
    expect(read.headers.authorization).toBe("Bearer fb-at")
    expect((await accountOf("facebook")).user).toMatchObject({ email: "mark@example.com", name: "Mark Page", image: "https://platform-lookaside.fbsbx.com/p/1" })
  })

  it("Kakao: client_secret_post, numeric id as a string, an address Kakao did not verify is not taken", async () => {
    as.tokenResponse = { access_token: "kakao-at", token_type: "bearer", expires_in: 21599, refresh_token: "kakao-rt", refresh_token_expires_in: 5183999 }
    as.routes = {
      "/v2/user/me": { id: 123456789, kakao_account: { profile: { nickname: "홍길동", profile_image_url: "https://k.kakaocdn.net/dn/p.jpg" }, email: "victim@example.com", is_email_valid: true, is_email_verified: false } },
    }
    await signIn("kakao")
    const token = as.requests.find((r) => r.path === "/oauth/kakao/token")!
    expect(token.form?.get("client_secret")).toBe("secret")
    expect(token.headers.authorization).toBeUndefined()
    const account = await accountOf("kakao")
    expect(account.providerAccountId).toBe("123456789")
    expect(account.user).toMatchObject({ email: null, name: "홍길동", image: "https://k.kakaocdn.net/dn/p.jpg" })
  })

  it("Eventbrite: the primary verified address of several, the image from its id", async () => {
    as.tokenResponse = { access_token: "eb-at", token_type: "bearer" }
    as.routes = {
      "/v3/users/me/": { id: "1234567890", name: "Ev Organiser", first_name: "Ev", last_name: "Organiser", image_id: "987", emails: [{ email: "old@example.com", verified: true, primary: false }, { email: "ev@example.com", verified: true, primary: true }] },
    }
    await signIn("eventbrite")
    expect(as.requests.find((r) => r.path === "/oauth/eventbrite/token")!.form?.get("client_secret")).toBe("secret")
    expect((await accountOf("eventbrite")).user).toMatchObject({ email: "ev@example.com", image: "https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F987%2F1%2Foriginal.jpg" })
  })

  it("Instagram and ClickUp: token answers without token_type sign in", async () => {
    as.tokenResponse = { access_token: "ig-at", user_id: 17841405793187218 }
    as.routes = { "/ig/me": { id: "17841405793187218", username: "jayposiris", account_type: "PERSONAL" } }
    await signIn("instagram")
    expect((await accountOf("instagram")).user).toMatchObject({ email: null, name: "jayposiris", image: null })
    as.tokenResponse = { access_token: "cu-at" }
    as.routes = { "/api/v2/user": { user: { id: 123, username: "John Doe", email: "johndoe@example.com", color: "#000000", profilePicture: null } } }
    const { authorization } = await signIn("click-up")
    expect(authorization.searchParams.get("code_challenge")).toBeNull()
    const account = await accountOf("click-up")
    expect(account.providerAccountId).toBe("123")
    expect(account.user).toMatchObject({ email: "johndoe@example.com", name: "John Doe", image: null })
  })

  it("Azure DevOps: the redirect asks for response_type=Assertion; a request cannot change it", async () => {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, "azure-devops")
    expect(authorization.searchParams.get("response_type")).toBe("Assertion")
    expect(authorization.searchParams.get("code_challenge")).toBeNull()
    const forged = await startSignIn(new Browser(config), "azure-devops", "?response_type=token")
    expect(forged.searchParams.get("response_type")).toBe("Assertion")
    // Everyone else still gets the code flow.
    expect((await startSignIn(new Browser(config), "dropbox", "?response_type=token")).searchParams.get("response_type")).toBe("code")
  })
})

/**
 * Azure DevOps' documented flow: /oauth2/authorize with response_type=Assertion
 * hands out a code; /oauth2/token takes it only in the JWT-bearer assertion
 * form (assertion = code, client_assertion = the client secret) and answers
 * with token_type "jwt-bearer" and a string expires_in; the profile API wants
 * the access token as a bearer token.
 */
async function startAzureDevOpsStandIn(clientSecret: string) {
  const codes = new Map<string, string>()
  const seen: { path: string; form?: URLSearchParams; authorization?: string }[] = []
  const server = https.createServer(testTlsOptions(), (req, res) => {
    const url = new URL(req.url ?? "/", "https://stand-in")
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
    req.on("end", () => {
      const form = req.method === "POST" ? new URLSearchParams(raw) : undefined
      seen.push({ path: url.pathname, form, authorization: req.headers.authorization })
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" })
        res.end(JSON.stringify(body))
      }
      if (url.pathname === "/oauth2/authorize") {
        if (url.searchParams.get("response_type") !== "Assertion") return json(400, { error: "unsupported_response_type" })
        const code = `code-${codes.size + 1}`
        codes.set(code, url.searchParams.get("redirect_uri") ?? "")
        const back = new URL(url.searchParams.get("redirect_uri")!)
        back.searchParams.set("code", code)
        back.searchParams.set("state", url.searchParams.get("state") ?? "")
        res.writeHead(302, { location: back.href })
        return void res.end()
      }
      if (url.pathname === "/oauth2/token") {
        const assertion = form?.get("assertion") ?? ""
        const valid =
          form?.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
          form.get("client_assertion_type") === "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" &&
          form.get("client_assertion") === clientSecret &&
          codes.get(assertion) === form.get("redirect_uri")
        codes.delete(assertion)
        if (!valid) return json(400, { Error: "invalid_grant" })
        return json(200, { access_token: "eyJ0eXAi.devops", token_type: "jwt-bearer", expires_in: "3599", refresh_token: "devops-rt", scope: "vso.profile" })
      }
      if (url.pathname === "/_apis/profile/profiles/me") {
        if (req.headers.authorization !== "Bearer eyJ0eXAi.devops") return json(401, { message: "unauthorized" })
        return json(200, { id: "c4e7c5e2-1a2b-4c3d-8e9f-0a1b2c3d4e5f", displayName: "Dev Person", publicAlias: "c4e7", emailAddress: "Dev@Example.com", coreAttributes: { Avatar: { value: { value: "iVBORw0KGgo=", contentType: "image/png" } } } })
      }
      json(404, { error: "not_found" })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

describe("Azure DevOps against a stand-in of its assertion flow", () => {
  let db: TestDatabase
  let standIn: Awaited<ReturnType<typeof startAzureDevOpsStandIn>>
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    standIn = await startAzureDevOpsStandIn("devops-secret")
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        AzureDevOps({
          clientId: "devops-app",
          clientSecret: "devops-secret",
          authorization: { url: `${standIn.url}/oauth2/authorize` },
          token: `${standIn.url}/oauth2/token`,
          userinfo: `${standIn.url}/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0`,
        }),
      ],
    }
  })
  afterAll(async () => {
    await standIn.close()
    await db.cleanup()
  })

  it("signs in: the code goes back as the assertion, the jwt-bearer token is used as a bearer token", async () => {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, "azure-devops")
    const back = await fetch(authorization, { redirect: "manual" })
    const res = await deliverCallback(browser, new URL(back.headers.get("location")!))
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBeNull()
    const token = standIn.seen.find((r) => r.path === "/oauth2/token")!
    expect(token.authorization).toBeUndefined()
    expect(token.form?.get("code")).toBeNull()
    const account = await db.prisma.account.findFirstOrThrow({ where: { provider: "azure-devops" }, include: { user: true } })
    expect(account.providerAccountId).toBe("c4e7c5e2-1a2b-4c3d-8e9f-0a1b2c3d4e5f")
    expect(account.token_type).toBe("bearer")
    expect(account.refresh_token).toBe("devops-rt")
    expect(account.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000)
    expect(account.user).toMatchObject({ email: "dev@example.com", name: "Dev Person", image: "data:image/jpeg;base64,iVBORw0KGgo=" })
    expect((await sessionOf(browser))?.user?.email).toBe("dev@example.com")
  })

  it("a code the stand-in refuses ends on the error page with a code, not a 500", async () => {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, "azure-devops")
    const back = new URL((await fetch(authorization, { redirect: "manual" })).headers.get("location")!)
    back.searchParams.set("code", "code-forged")
    const res = await deliverCallback(browser, back)
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("OAuthCallbackError")
  })
})
