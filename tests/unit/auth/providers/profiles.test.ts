/**
 * Each built-in provider's profile() on a payload in the shape its
 * documentation publishes: string ids, the right email and avatar, and the
 * documented quirks (Yandex placeholder avatars, Discord default avatars,
 * Google unverified emails, GitHub Enterprise URLs, option merging).
 */
import { describe, expect, it } from "vitest"
import Discord from "@/lib/auth/providers/discord"
import GitHub, { type GitHubProfile } from "@/lib/auth/providers/github"
import GitLab, { type GitLabProfile } from "@/lib/auth/providers/gitlab"
import Google, { type GoogleProfile } from "@/lib/auth/providers/google"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import OIDC from "@/lib/auth/providers/oidc"
import Twitter, { type TwitterProfile } from "@/lib/auth/providers/twitter"
import VK, { type VkProfile } from "@/lib/auth/providers/vk"
import Yandex, { type YandexProfile } from "@/lib/auth/providers/yandex"
import { applyProviderEnv } from "@/lib/auth/config/env"
import type { OAuthConfig } from "@/lib/auth/providers/oauth-types"
import type { Profile } from "@/lib/auth/types"
import { normaliseOAuthProvider } from "@/lib/auth/oauth/normalise"
import { oauthProviderProblem } from "@/lib/auth/config/oauth-provider-problem"

const tokens = { access_token: "at", token_type: "bearer" }

describe("profile() on documented payloads", () => {
  it("GitHub", async () => {
    const profile = { login: "octocat", id: 1, avatar_url: "https://github.com/images/error/octocat_happy.gif", name: "monalisa octocat", email: "octocat@github.com" } as GitHubProfile
    expect(await GitHub().profile!(profile, tokens)).toEqual({ id: "1", name: "monalisa octocat", email: "octocat@github.com", image: profile.avatar_url })
    expect(await GitHub().profile!({ ...profile, name: null }, tokens)).toMatchObject({ name: "octocat" })
  })

  it("GitHub Enterprise builds its URLs from baseUrl", () => {
    const p = normaliseOAuthProvider(GitHub({ enterprise: { baseUrl: "https://ghe.example.com/" } }), {})
    expect(p.authorization.url).toBe("https://ghe.example.com/login/oauth/authorize")
    expect(p.token.url).toBe("https://ghe.example.com/login/oauth/access_token")
    expect(p.userinfo.url).toBe("https://ghe.example.com/api/v3/user")
  })

  it("Google keeps only verified emails", async () => {
    const claims = { sub: "10769150350006150715113082367", email: "jsmith@example.com", email_verified: true, name: "J Smith", picture: "https://lh3.googleusercontent.com/a/x" } as GoogleProfile
    expect(await Google().profile!(claims, tokens)).toEqual({ id: "10769150350006150715113082367", name: "J Smith", email: "jsmith@example.com", image: claims.picture })
    expect((await Google().profile!({ ...claims, email_verified: false }, tokens)).email).toBeNull()
  })

  it("GitLab, including a self-managed baseUrl", async () => {
    const profile = { id: 1, username: "john_smith", name: "John Smith", avatar_url: "http://localhost:3000/uploads/user/avatar/1/index.jpg", email: "john@example.com" } as GitLabProfile
    expect(await GitLab().profile!(profile, tokens)).toEqual({ id: "1", name: "John Smith", email: "john@example.com", image: profile.avatar_url })
    const p = normaliseOAuthProvider(GitLab({ baseUrl: "https://git.example.com" }), {})
    expect([p.authorization.url, p.token.url, p.userinfo.url]).toEqual([
      "https://git.example.com/oauth/authorize",
      "https://git.example.com/oauth/token",
      "https://git.example.com/api/v4/user",
    ])
  })

  it("Discord: animated, static and default avatars", async () => {
    const base = { id: "80351110224678912", username: "nelly", discriminator: "0", global_name: "Nelly", email: "nelly@discord.com", verified: true }
    const p = Discord()
    expect(await p.profile!({ ...base, avatar: "8342729096ea3675442027381ff50dfe" }, tokens)).toEqual({
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.com",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    })
    expect((await p.profile!({ ...base, avatar: "a_123" }, tokens)).image).toMatch(/a_123\.gif$/)
    expect((await p.profile!({ ...base, avatar: null }, tokens)).image).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/[0-5]\.png$/)
  })

  it("Microsoft Entra ID: common tenant checks the issuer per token; a tenant id pins it", () => {
    const common = MicrosoftEntraID()
    expect(common.issuer).toBe("https://login.microsoftonline.com/common/v2.0")
    expect(common.options?.issuerTemplate).toBe(true)
    const pinned = MicrosoftEntraID({ tenantId: "9188040d-6c67-4c5b-b112-36a304b66dad" })
    expect(pinned.issuer).toBe("https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0")
    expect(pinned.options?.issuerTemplate).toBe(false)
  })

  it("Microsoft Entra ID: an issuer naming a tenant (next-auth's AUTH_MICROSOFT_ENTRA_ID_ISSUER) pins that tenant", async () => {
    const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad"
    const byIssuer = MicrosoftEntraID({ issuer: `https://login.microsoftonline.com/${tenant}/v2.0` })
    expect(byIssuer.issuer).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`)
    expect(byIssuer.options?.issuerTemplate).toBe(false)
    const { oauthProvidersFromEnv } = await import("@/server/accounts/oauth-providers")
    const [fromEnv] = oauthProvidersFromEnv({
      AUTH_MICROSOFT_ENTRA_ID_ID: "m",
      AUTH_MICROSOFT_ENTRA_ID_SECRET: "s",
      AUTH_MICROSOFT_ENTRA_ID_ISSUER: `https://login.microsoftonline.com/${tenant}/v2.0`,
    })
    expect(fromEnv.issuer).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`)
    expect(fromEnv.options?.issuerTemplate).toBe(false)
  })

  it("X (microblogging profile): string id, email only when granted", async () => {
    const profile: TwitterProfile = {
      data: { id: "2244994945", name: "X Dev", username: "XDevelopers", profile_image_url: "https://pbs.twimg.com/profile_images/1/x_normal.jpg" },
      includes: { posts: [{ id: "1", text: "hello" }] },
    }
    expect(await Twitter().profile!(profile, tokens)).toEqual({ id: "2244994945", name: "X Dev", email: null, image: profile.data.profile_image_url })
    expect((await Twitter().profile!({ data: { ...profile.data, email: "dev@x.com" } }, tokens)).email).toBe("dev@x.com")
    expect(() => Twitter({ version: "1.0a" as "2.0" })).toThrow(/not supported/)
  })

  it("VK (social-network profile): API 5.126 by default, other versions through the URL options", async () => {
    const profile: VkProfile = { id: 210700286, first_name: "Lindsey", last_name: "Stirling", is_closed: false, can_access_closed: true, photo_100: "https://sun9-1.userapi.com/c1.jpg" }
    expect(await VK().profile!(profile, tokens)).toEqual({ id: "210700286", name: "Lindsey Stirling", email: null, image: profile.photo_100 })
    const p = normaliseOAuthProvider(VK(), {})
    expect(p.authorization.params.v).toBe("5.126")
    expect(p.token.url).toBe("https://oauth.vk.com/access_token?v=5.126")
    expect(p.userinfo.url).toBe("https://api.vk.com/method/users.get?fields=photo_100&v=5.126")
    const pinned = normaliseOAuthProvider(
      VK({
        accessTokenUrl: "https://oauth.vk.com/access_token?v=5.131",
        authorizationUrl: "https://oauth.vk.com/authorize?response_type=code&v=5.131",
        profileUrl: "https://api.vk.com/method/users.get?fields=photo_100&v=5.131",
      }),
      {},
    )
    expect([pinned.authorization.params.v, pinned.token.url, pinned.userinfo.url]).toEqual([
      "5.131",
      "https://oauth.vk.com/access_token?v=5.131",
      "https://api.vk.com/method/users.get?fields=photo_100&v=5.131",
    ])
  })

  it("Yandex (web-portal profile): avatar from default_avatar_id, none for a placeholder", async () => {
    const profile: YandexProfile = {
      id: "1000034426", login: "ivan", client_id: "4760187d81bc4b7799476b42b5103713", psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
      default_email: "test@yandex.ru", emails: ["test@yandex.ru"], default_avatar_id: "131652443", is_avatar_empty: false, display_name: "Ivan", real_name: "Ivan Ivanov",
    }
    expect(await Yandex().profile!(profile, tokens)).toEqual({ id: "1000034426", name: "Ivan", email: "test@yandex.ru", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" })
    expect((await Yandex().profile!({ ...profile, is_avatar_empty: true }, tokens)).image).toBeNull()
  })

  it("a profile without a usable id is refused instead of stored as \"undefined\"", () => {
    expect(() => GitHub().profile!({ login: "x" } as unknown as GitHubProfile, tokens)).toThrow(/usable id/)
    expect(() => VK().profile!({ id: { x: 1 } } as unknown as VkProfile, tokens)).toThrow(/usable id/)
  })
})

describe("provider options and environment", () => {
  it("user options merge over the defaults; functions and strings replace", () => {
    const p = GitHub({ authorization: { params: { scope: "read:user" } }, clientId: "id" })
    const n = normaliseOAuthProvider(p, {})
    expect(n.authorization.url).toBe("https://github.com/login/oauth/authorize")
    expect(n.authorization.params.scope).toBe("read:user")
    expect(n.clientId).toBe("id")
  })

  it("AUTH_{ID}_ID/_SECRET/_ISSUER, then the legacy {ID}_ID names; explicit options win", () => {
    const env = { AUTH_OIDC_ID: "a", AUTH_OIDC_SECRET: "b", AUTH_OIDC_ISSUER: "https://idp.example.com", GITHUB_ID: "legacy", GITHUB_SECRET: "legacy-secret", AUTH_MICROSOFT_ENTRA_ID_ID: "m" }
    expect(applyProviderEnv(OIDC, env)).toMatchObject({ clientId: "a", clientSecret: "b", issuer: "https://idp.example.com" })
    expect(applyProviderEnv(GitHub, env)).toMatchObject({ clientId: "legacy", clientSecret: "legacy-secret" })
    expect(applyProviderEnv(GitHub({ clientId: "explicit" }), env)).toMatchObject({ clientId: "explicit" })
    expect(applyProviderEnv(MicrosoftEntraID, env)).toMatchObject({ clientId: "m" })
  })

  it("a provider passed uncalled is built from the variables: AUTH_MICROSOFT_ENTRA_ID_ISSUER pins Entra ID's tenant", () => {
    const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad"
    const issuer = `https://login.microsoftonline.com/${tenant}/v2.0`
    const env = { AUTH_MICROSOFT_ENTRA_ID_ID: "m", AUTH_MICROSOFT_ENTRA_ID_SECRET: "s", AUTH_MICROSOFT_ENTRA_ID_ISSUER: issuer }
    const pinned = applyProviderEnv(MicrosoftEntraID, env) as OAuthConfig<Profile>
    expect(pinned).toMatchObject({ clientId: "m", clientSecret: "s", issuer, wellKnown: `${issuer}/.well-known/openid-configuration` })
    // Not the multi-tenant template: the ID token's issuer must be this tenant's.
    expect(pinned.options?.issuerTemplate).toBe(false)
    // Explicit options of a provider passed called still win.
    const other = "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0"
    expect(applyProviderEnv(MicrosoftEntraID({ issuer: other, clientId: "explicit" }), env)).toMatchObject({ issuer: other, clientId: "explicit", clientSecret: "s" })
    // A national cloud's issuer pins its tenant the same way.
    const us = `https://login.microsoftonline.us/${tenant}/v2.0`
    expect((applyProviderEnv(MicrosoftEntraID, { AUTH_MICROSOFT_ENTRA_ID_ISSUER: us }) as OAuthConfig<Profile>).options?.issuerTemplate).toBe(false)
  })

  it("a factory is called with only the variables that are set, each under next-auth's option name", () => {
    const calls: unknown[] = []
    const factory = (options?: Record<string, unknown>) => {
      calls.push(options)
      return { ...OIDC({ issuer: "https://idp.example.com" }), id: "acme", ...options } as OAuthConfig<Profile>
    }
    applyProviderEnv(factory, { AUTH_ACME_ID: "id", AUTH_ACME_KEY: "key", AUTH_ACME_SECRET: "" })
    expect(calls).toEqual([undefined, { clientId: "id", apiKey: "key" }])
  })

  it("checks: state always; PKCE by default; nonce for OIDC; a redirect proxy completes its callback URL", () => {
    const oidc = normaliseOAuthProvider(OIDC({ issuer: "https://idp.example.com" }), { redirectProxyUrl: "https://auth.example.com/api/auth/" })
    expect([...oidc.checkSet].sort()).toEqual(["nonce", "pkce", "state"])
    expect(oidc.authorization.params.scope).toBe("openid profile email")
    expect(oidc.proxyRedirectUri).toBe("https://auth.example.com/api/auth/callback/oidc")
    expect([...normaliseOAuthProvider(VK(), {}).checkSet]).toEqual(["state"])
    expect([...normaliseOAuthProvider(GitHub({ checks: ["none"] }), {}).checkSet]).toEqual(["state"])
  })

  it("a provider without a client id, issuer or endpoints, or with a broken URL, is a configuration error naming the fix", () => {
    expect(oauthProviderProblem(OIDC({ issuer: "https://idp.example.com" }))).toMatch(/AUTH_OIDC_ID/)
    expect(oauthProviderProblem(OIDC({ clientId: "x" }))).toMatch(/AUTH_OIDC_ISSUER/)
    expect(oauthProviderProblem(GitHub({ clientId: "x", token: "not a url" }))).toMatch(/invalid token URL/)
    expect(oauthProviderProblem({ id: "bare", name: "Bare", type: "oauth", clientId: "x", authorization: "https://a.example/auth" })).toMatch(/endpoints/)
    expect(oauthProviderProblem(GitHub({ clientId: "x" }))).toBeUndefined()
    expect(oauthProviderProblem(OIDC({ clientId: "x", issuer: "https://idp.example.com" }))).toBeUndefined()
  })
})
