/**
 * RFC 9207 `iss` in authorization responses, as GitHub sends it since April
 * 2026: a stand-in GitHub (GitHub's documented endpoints: /login/oauth/authorize,
 * /login/oauth/access_token, the REST API's /user and /user/emails, under
 * /api/v3 on Enterprise Server) redirects back with `code`, `state` and `iss`.
 * GitHub.com and Enterprise Server sign in; a response naming another server
 * is a failed check; a provider whose configuration cannot be held to the
 * `iss` is a configuration error that names the provider and `issuer`; a
 * discovered issuer whose metadata promises `iss` refuses a response without it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { AuthError } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import GitHub from "@/lib/auth/providers/github"
import OIDC from "@/lib/auth/providers/oidc"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOAuth2Server, type OAuth2Server } from "@/tests/helpers/oauth2-server"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, errorOf, loginAtProvider, sessionOf, startSignIn } from "./support"

const client = { clientId: "Iv1.client", clientSecret: "secret" }
const octocat = { login: "octocat", id: 583231, avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4", name: "The Octocat", email: "octocat@github.com" }

describe("the iss of authorization responses (RFC 9207)", () => {
  let db: TestDatabase
  let gh: OAuth2Server
  let idp: OidcServer
  const logged: { code: string; error: Error }[] = []

  function configWith(providers: AuthConfig["providers"]): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers,
      logger: {
        error: (code, ...message) => {
          for (const m of message) if (m instanceof Error) logged.push({ code, error: m })
        },
      },
    }
  }

  /** GitHub.com's provider with its endpoints pointed at the stand-in; its issuer stays GitHub's. */
  const dotcom = (options: Parameters<typeof GitHub>[0] = {}) =>
    GitHub({
      ...client,
      authorization: { url: `${gh.url}/login/oauth/authorize` },
      token: `${gh.url}/login/oauth/access_token`,
      userinfo: { url: `${gh.url}/user` },
      ...options,
    })

  /** Start, let the stand-in approve, and deliver its redirect; returns the callback URL and the app's answer. */
  async function signIn(config: AuthConfig, providerId: string, tamper?: (callback: URL) => void) {
    const browser = new Browser(config)
    const authorization = await startSignIn(browser, providerId)
    const back = await fetch(authorization, { redirect: "manual" })
    const callback = new URL(back.headers.get("location")!)
    tamper?.(callback)
    const res = await deliverCallback(browser, callback)
    return { browser, callback, res }
  }

  const tokenRequests = () => gh.requests.filter((r) => r.path.endsWith("/access_token")).length

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    gh = await startOAuth2Server()
    gh.tokenResponse = { access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a", token_type: "bearer", scope: "read:user,user:email" }
    gh.routes["/user"] = octocat
    gh.routes["/api/v3/user"] = { ...octocat, id: 42, login: "hubot", email: "hubot@ghe.example.test", name: "Hubot" }
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
  })
  afterAll(async () => {
    await gh.close()
    await idp.close()
    await db.cleanup()
  })
  beforeEach(() => {
    gh.requests.length = 0
    gh.iss = undefined
    logged.length = 0
  })

  it("GitHub.com: a callback with code, state and iss=https://github.com/login/oauth signs the user in", async () => {
    gh.iss = "https://github.com/login/oauth"
    const { browser, callback, res } = await signIn(configWith([dotcom()]), "github")
    expect([...callback.searchParams.keys()].sort()).toEqual(["code", "iss", "state"])
    expect(errorOf(res).error).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe("octocat@github.com")
    expect(logged).toEqual([])
  })

  it("GitHub Enterprise Server: the issuer is {baseUrl}/login/oauth and its iss signs the user in", async () => {
    gh.iss = `${gh.url}/login/oauth`
    const provider = GitHub({ ...client, enterprise: { baseUrl: `${gh.url}/` } })
    expect(provider.issuer).toBe(`${gh.url}/login/oauth`)
    const { browser, res } = await signIn(configWith([provider]), "github")
    expect(errorOf(res).error).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe("hubot@ghe.example.test")
    expect(gh.requests.map((r) => r.path)).toContain("/api/v3/user")
  })

  it("a response naming another server is refused as a failed check, before any code is exchanged", async () => {
    for (const iss of ["https://attacker.example/login/oauth", "https://github.com/login/oauth/other", `${gh.url}/login/oauth`]) {
      gh.iss = iss
      const { browser, res } = await signIn(configWith([dotcom()]), "github")
      expect(errorOf(res), iss).toEqual({ page: `${BASE}/error`, error: "InvalidCheck" })
      expect(await sessionOf(browser)).toBeNull()
    }
    expect(tokenRequests()).toBe(0)
  })

  it("a provider without an issuer that receives an iss: the Configuration error page, a log naming the provider and `issuer`", async () => {
    gh.iss = `${gh.url}/login/oauth`
    const bare = {
      id: "forge",
      name: "Forge",
      type: "oauth" as const,
      ...client,
      authorization: `${gh.url}/login/oauth/authorize`,
      token: `${gh.url}/login/oauth/access_token`,
      userinfo: `${gh.url}/user`,
      profile: (p: Record<string, unknown>) => ({ id: String(p.id), name: String(p.login), email: null, image: null }),
    }
    const { browser, res } = await signIn(configWith([bare]), "forge")
    expect(errorOf(res)).toEqual({ page: `${BASE}/error`, error: "Configuration" })
    expect(await sessionOf(browser)).toBeNull()
    expect(tokenRequests()).toBe(0)
    expect(logged).toHaveLength(1)
    const { code, error } = logged[0]
    expect(code).toBe("InvalidProvider")
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).code).toBe("invalid_provider_issuer")
    expect(error.message).toContain('"forge"')
    expect(error.message).toContain("`issuer`")
    expect(error.message).toContain("AUTH_FORGE_ISSUER")
    expect(error.message).toContain(`${gh.url}/login/oauth`)
  })

  it("a configured issuer that is the server's own spelled shorter (https://github.com) is a configuration error too", async () => {
    gh.iss = "https://github.com/login/oauth"
    const { res } = await signIn(configWith([dotcom({ issuer: "https://github.com" })]), "github")
    expect(errorOf(res)).toEqual({ page: `${BASE}/error`, error: "Configuration" })
    expect(logged.map((l) => (l.error as AuthError).code)).toEqual(["invalid_provider_issuer"])
    expect(logged[0].error.message).toContain('"github"')
  })

  it("a forged link for an unconfigured provider (wrong state) stays a failed check, not a configuration error", async () => {
    gh.iss = `${gh.url}/login/oauth`
    const bare = {
      id: "forge",
      name: "Forge",
      type: "oauth" as const,
      ...client,
      authorization: `${gh.url}/login/oauth/authorize`,
      token: `${gh.url}/login/oauth/access_token`,
      userinfo: `${gh.url}/user`,
    }
    const { res } = await signIn(configWith([bare]), "forge", (callback) => callback.searchParams.set("state", "forged"))
    expect(errorOf(res).error).toBe("InvalidCheck")
    expect(logged.map((l) => l.code)).toEqual(["InvalidCheck"])
  })

  it("a discovered issuer whose metadata promises iss: the response carries it, and one without it is refused", async () => {
    const config = configWith([OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })])
    const metadata = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true)

    const browser = new Browser(config)
    const callback = await loginAtProvider(await startSignIn(browser, "oidc"), "iss-user")
    expect(callback.searchParams.get("iss")).toBe(idp.issuer)
    expect(errorOf(await deliverCallback(browser, callback)).error).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe("iss-user@idp.example.test")

    const stripped = new Browser(config)
    const without = await loginAtProvider(await startSignIn(stripped, "oidc"), "iss-user")
    without.searchParams.delete("iss")
    expect(errorOf(await deliverCallback(stripped, without)).error).toBe("InvalidCheck")
    expect(await sessionOf(stripped)).toBeNull()
  })
})
