/**
 * The OAuth-2-only built-in providers (GitHub, X, VK, Yandex) signing in
 * against a local authorization server that answers in each provider's
 * published shapes: string ids, the email where each provider keeps it,
 * avatars, and each provider's quirks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import GitHub from "@/lib/auth/providers/github"
import Twitter from "@/lib/auth/providers/twitter"
import VK from "@/lib/auth/providers/vk"
import Yandex from "@/lib/auth/providers/yandex"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOAuth2Server, type OAuth2Server } from "@/tests/helpers/oauth2-server"
import { SECRET } from "@/tests/integration/auth/support"
import { Browser, deliverCallback, sessionOf, startSignIn } from "./support"

describe("OAuth 2.0 providers against a local authorization server", () => {
  let db: TestDatabase
  let as: OAuth2Server
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    as = await startOAuth2Server()
    const client = { clientId: "client", clientSecret: "secret" }
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        GitHub({
          ...client,
          authorization: { url: `${as.url}/login/oauth/authorize` },
          token: `${as.url}/login/oauth/access_token`,
          userinfo: { url: `${as.url}/user` },
        }),
        Twitter({
          ...client,
          authorization: { url: `${as.url}/i/oauth2/authorize` },
          token: `${as.url}/2/oauth2/token`,
          userinfo: `${as.url}/2/users/me?user.fields=profile_image_url`,
        }),
        VK({
          ...client,
          authorizationUrl: `${as.url}/authorize?response_type=code&v=5.126`,
          accessTokenUrl: `${as.url}/access_token?v=5.126`,
          profileUrl: `${as.url}/method/users.get?fields=photo_100&v=5.126`,
        }),
        Yandex({
          ...client,
          authorization: { url: `${as.url}/authorize` },
          token: `${as.url}/token`,
          userinfo: { url: `${as.url}/info?format=json` },
        }),
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

  async function accountOf(provider: string) {
    return db.prisma.account.findFirstOrThrow({ where: { provider }, include: { user: true } })
  }

  it("GitHub: numeric id as a string, private email from the emails endpoint", async () => {
    as.tokenResponse = { access_token: "gho_abc", token_type: "bearer", scope: "read:user,user:email" }
    as.routes = {
      "/user": { login: "octocat", id: 583231, avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4", name: null, email: null },
      "/user/emails": [
        { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
        { email: "Octocat@GitHub.com", primary: true, verified: true, visibility: "private" },
      ],
    }
    const { browser, authorization } = await signIn("github")
    expect(authorization.searchParams.get("scope")).toBe("read:user user:email")
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256")
    const account = await accountOf("github")
    expect(account.providerAccountId).toBe("583231")
    expect(account.user).toMatchObject({ email: "octocat@github.com", name: "octocat", image: "https://avatars.githubusercontent.com/u/583231?v=4" })
    expect(account.access_token).toBe("gho_abc")
    expect((await sessionOf(browser))?.user?.email).toBe("octocat@github.com")
    // Client authentication: client_secret_basic by default.
    const token = as.requests.find((r) => r.path === "/login/oauth/access_token")!
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from("client:secret").toString("base64")}`)
  })

  it("X: PKCE, string id, no email when none is granted", async () => {
    as.tokenResponse = { token_type: "bearer", access_token: "x-at", refresh_token: "x-rt", expires_in: 7200, scope: "users.read tweet.read offline.access" }
    as.routes = {
      "/2/users/me": { data: { id: "1460987654321098752", name: "Post Author", username: "author", profile_image_url: "https://pbs.twimg.com/profile_images/1/a_normal.jpg" } },
    }
    await signIn("twitter")
    const account = await accountOf("twitter")
    expect(account.providerAccountId).toBe("1460987654321098752")
    expect(account.user).toMatchObject({ email: null, name: "Post Author", image: "https://pbs.twimg.com/profile_images/1/a_normal.jpg" })
    expect(account.refresh_token).toBe("x-rt")
    expect(account.expires_at).toBeGreaterThan(Date.now() / 1000)
    const token = as.requests.find((r) => r.path === "/2/oauth2/token")!
    expect(token.form?.get("code_verifier")).toMatch(/^[\w-]{43,}$/)
  })

  it("VK: API 5.126 on every call, numeric id as a string, email from the token response", async () => {
    as.tokenResponse = { access_token: "vk-at", expires_in: 86400, user_id: 1234567, email: "Ivan@Example.ru" }
    as.routes = {
      "/method/users.get": {
        response: [{ id: 1234567, first_name: "Иван", last_name: "Петров", is_closed: false, can_access_closed: true, photo_100: "https://sun1.userapi.com/photo_100.jpg" }],
      },
    }
    const { authorization } = await signIn("vk")
    expect(authorization.searchParams.get("v")).toBe("5.126")
    expect(authorization.searchParams.get("scope")).toBe("email")
    const token = as.requests.find((r) => r.path === "/access_token")!
    expect(token.query.get("v")).toBe("5.126")
    const profile = as.requests.find((r) => r.path === "/method/users.get")!
    expect(profile.query.get("v")).toBe("5.126")
    expect(profile.query.get("access_token")).toBe("vk-at")
    const account = await accountOf("vk")
    expect(account.providerAccountId).toBe("1234567")
    expect(account.user).toMatchObject({ email: "ivan@example.ru", name: "Иван Петров", image: "https://sun1.userapi.com/photo_100.jpg" })
    expect(account.token_type).toBe("bearer")
  })

  it("Yandex: OAuth-scheme token header, default_email, avatar from default_avatar_id", async () => {
    as.tokenResponse = { access_token: "y-at", token_type: "bearer", expires_in: 31536000, refresh_token: "y-rt" }
    as.routes = {
      "/info": {
        id: "1000034426",
        login: "ivan",
        client_id: "client",
        psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
        default_email: "ivan@yandex.ru",
        emails: ["ivan@yandex.ru"],
        default_avatar_id: "131652443",
        is_avatar_empty: false,
        display_name: "Ivan",
      },
    }
    await signIn("yandex")
    const info = as.requests.find((r) => r.path === "/info")!
    expect(info.headers.authorization).toBe("OAuth y-at")
    const account = await accountOf("yandex")
    expect(account.providerAccountId).toBe("1000034426")
    expect(account.user).toMatchObject({ email: "ivan@yandex.ru", name: "Ivan", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" })
  })
})
