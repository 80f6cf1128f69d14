/**
 * Access-token refresh against a real provider that rotates refresh tokens:
 * stored on the Account row (database) or in the token (jwt), one refresh
 * for concurrent callers, and "RefreshTokenError" instead of a throw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { getAccessToken, refreshAccessTokenInJwt, type AuthConfig, type JWT } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import OIDC from "@/lib/auth/providers/oidc"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, signInWith } from "./support"

describe("access-token refresh", () => {
  let db: TestDatabase
  let idp: OidcServer
  let config: AuthConfig
  let jwtConfig: AuthConfig
  const sessions: unknown[] = []

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    // 30 s tokens are inside the refresh margin: every read sees them as expired.
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`], accessTokenTtl: 30 })
    const provider = OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })
    config = { secret: SECRET, trustHost: true, adapter: PrismaAdapter(db.prisma), providers: [provider] }
    jwtConfig = {
      secret: SECRET,
      trustHost: true,
      providers: [provider],
      callbacks: {
        async jwt({ token, account }) {
          if (account) {
            return { ...token, provider: account.provider, access_token: account.access_token, refresh_token: account.refresh_token, expires_at: account.expires_at }
          }
          return refreshAccessTokenInJwt(jwtConfig, token)
        },
        session({ session, token }) {
          const result = { ...session, error: token.error, accessToken: token.access_token }
          sessions.push(result)
          return result
        },
      },
    }
  })
  afterAll(async () => {
    await idp.close()
    await db.cleanup()
  })

  it("database: two concurrent callers share one refresh; the rotated tokens are stored", async () => {
    await signInWith(new Browser(config), "oidc", "refresher")
    const before = await db.prisma.account.findFirstOrThrow({ where: { providerAccountId: "refresher" } })
    expect(before.refresh_token).toBeTruthy()
    const tokenCalls = idp.counts["/token"] ?? 0
    const key = { provider: "oidc", providerAccountId: "refresher" }
    const [a, b] = await Promise.all([getAccessToken(config, key), getAccessToken(config, key)])
    expect(idp.counts["/token"]).toBe(tokenCalls + 1)
    expect(a).toEqual(b)
    expect("accessToken" in a && a.accessToken).not.toBe(before.access_token)
    const after = await db.prisma.account.findFirstOrThrow({ where: { providerAccountId: "refresher" } })
    expect(after.access_token).toBe("accessToken" in a ? a.accessToken : undefined)
    expect(after.refresh_token).not.toBe(before.refresh_token)
    expect(after.expires_at!).toBeGreaterThan(Date.now() / 1000)

    // A refresh token the provider does not know is reported, not thrown.
    await db.prisma.account.update({ where: { provider_providerAccountId: key }, data: { refresh_token: "revoked-token" } })
    expect(await getAccessToken(config, key)).toEqual({ error: "RefreshTokenError" })
  })

  it("jwt: the jwt-callback helper refreshes once for concurrent requests and reports a failed refresh as RefreshTokenError", async () => {
    const browser = new Browser(jwtConfig)
    await signInWith(browser, "oidc", "jwt-refresher")
    const cookie = browser.cookieHeader()
    const tokenCalls = idp.counts["/token"] ?? 0
    sessions.length = 0
    const [one, two] = await Promise.all([
      browser.send(`${BASE}/session`, { cookie, keepJar: true }),
      browser.send(`${BASE}/session`, { cookie, keepJar: true }),
    ])
    const [s1, s2] = [(await one.json()) as { accessToken: string; error?: string }, (await two.json()) as { accessToken: string }]
    expect(idp.counts["/token"]).toBe(tokenCalls + 1)
    expect(s1.accessToken).toBe(s2.accessToken)
    expect(s1.error).toBeUndefined()

    const broken: JWT = { sub: "x", provider: "oidc", access_token: "old", refresh_token: "not-a-real-token", expires_at: 1 }
    const result = await refreshAccessTokenInJwt(jwtConfig, broken)
    expect(result.error).toBe("RefreshTokenError")
    expect(result.access_token).toBe("old")
  })
})
