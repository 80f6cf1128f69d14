/**
 * What an app's callbacks see and decide during an OIDC sign-in (the signIn
 * callback refusing or redirecting; the jwt callback's account, profile and
 * trigger), and that a provider's customFetch carries every request the
 * library makes to the identity provider.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { customFetch, type AuthConfig, type CallbacksOptions } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import OIDC from "@/lib/auth/providers/oidc"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, errorOf, sessionOf, signInWith } from "./support"

describe("callbacks and customFetch during an OIDC sign-in", () => {
  let db: TestDatabase
  let idp: OidcServer
  const jwtCalls: Parameters<CallbacksOptions["jwt"]>[0][] = []
  let decide: CallbacksOptions["signIn"] = () => true
  const fetched: string[] = []
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "jwt" },
      providers: [
        OIDC({
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          [customFetch]: (input: RequestInfo | URL, init?: RequestInit) => {
            fetched.push(new URL(input instanceof Request ? input.url : input.toString()).pathname)
            return fetch(input, init)
          },
        }),
      ],
      callbacks: {
        signIn: (params) => decide(params),
        jwt(params) {
          jwtCalls.push(params)
          return params.token
        },
      },
    }
  })
  afterAll(async () => {
    await idp.close()
    await db.cleanup()
  })

  it("the jwt callback gets account, profile and trigger signUp, then signIn for the returning user", async () => {
    await signInWith(new Browser(config), "oidc", "jwt-cb")
    const first = jwtCalls.find((c) => c.trigger === "signUp")!
    expect(first.account).toMatchObject({ provider: "oidc", type: "oidc", providerAccountId: "jwt-cb" })
    expect(first.account?.access_token).toBeTruthy()
    expect(first.profile).toMatchObject({ sub: "jwt-cb", email: "jwt-cb@idp.example.test" })
    expect(first.isNewUser).toBe(true)
    jwtCalls.length = 0
    await signInWith(new Browser(config), "oidc", "jwt-cb")
    expect(jwtCalls.find((c) => c.account)?.trigger).toBe("signIn")
  })

  it("signIn returning false ends on the error page with AccessDenied, creating nothing", async () => {
    decide = () => false
    const browser = new Browser(config)
    const res = await signInWith(browser, "oidc", "refused")
    expect(errorOf(res)).toEqual({ page: `${BASE}/error`, error: "AccessDenied" })
    expect(await sessionOf(browser)).toBeNull()
    expect(await db.prisma.account.count({ where: { providerAccountId: "refused" } })).toBe(0)
  })

  it("signIn returning a path redirects there without a session", async () => {
    decide = () => "/not-yet"
    const browser = new Browser(config)
    const res = await signInWith(browser, "oidc", "redirected")
    expect(res.headers.get("location")).toBe(`${ORIGIN}/not-yet`)
    expect(await sessionOf(browser)).toBeNull()
    decide = () => true
  })

  it("customFetch carried the discovery, JWKS and token requests", () => {
    expect(fetched).toContain("/.well-known/openid-configuration")
    expect(fetched).toContain("/jwks")
    expect(fetched.filter((p) => p === "/token").length).toBeGreaterThanOrEqual(2)
  })
})
