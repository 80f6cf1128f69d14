/**
 * Every odd callback and every broken provider answer ends on the sign-in or
 * error page with an error code: never a 5xx, never a session, never a
 * changed database. One table, one row per case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import GitHub from "@/lib/auth/providers/github"
import OIDC from "@/lib/auth/providers/oidc"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOAuth2Server, type OAuth2Server } from "@/tests/helpers/oauth2-server"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET, expectNoInternals } from "@/tests/integration/auth/support"
import { BASE, Browser, loginAtProvider, startSignIn } from "./support"

type Outcome = { page: "signin" | "error"; error: string }

describe("bad callback input and broken providers", () => {
  let db: TestDatabase
  let idp: OidcServer
  let as: OAuth2Server
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
    as = await startOAuth2Server()
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      providers: [
        OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
        GitHub({
          clientId: "c",
          clientSecret: "s",
          authorization: { url: `${as.url}/login/oauth/authorize` },
          token: `${as.url}/login/oauth/access_token`,
          userinfo: { url: `${as.url}/user` },
        }),
      ],
    }
  })
  afterAll(async () => {
    await Promise.all([idp.close(), as.close()])
    await db.cleanup()
  })

  async function expectOutcome(res: Response, browser: Browser, expected: Outcome, label: string) {
    expect(res.status, label).toBe(302)
    expectNoInternals(await res.text())
    const location = new URL(res.headers.get("location")!)
    expect({ page: location.pathname.split("/").pop(), error: location.searchParams.get("error") }, label).toEqual(expected)
    const session = res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token=") && !c.includes("Max-Age=0"))
    expect(session, label).toBeUndefined()
    expect(await db.prisma.user.count(), label).toBe(0)
    const page = await browser.send(`${location.pathname}${location.search}`)
    expect(page.status, label).toBeLessThan(500)
  }

  const INVALID: Outcome = { page: "error", error: "InvalidCheck" }
  const CALLBACK: Outcome = { page: "signin", error: "OAuthCallbackError" }

  // Callback parameters, sent after a real sign-in started (so the check cookies are there).
  const callbackRows: { name: string; query: (p: { state: string; code: string; iss: string }) => string; expected: Outcome }[] = [
    { name: "no parameters", query: () => "", expected: INVALID },
    { name: "code without state", query: (p) => `code=${p.code}&iss=${p.iss}`, expected: INVALID },
    { name: "state without code", query: (p) => `state=${p.state}&iss=${p.iss}`, expected: CALLBACK },
    { name: "iss missing (the server advertises it)", query: (p) => `code=${p.code}&state=${p.state}`, expected: INVALID },
    { name: "two state values", query: (p) => `code=${p.code}&state=x&state=${p.state}&iss=${p.iss}`, expected: INVALID },
    { name: "error=server_error with state", query: (p) => `error=server_error&state=${p.state}&iss=${p.iss}`, expected: CALLBACK },
    { name: "error without state", query: () => "error=access_denied", expected: INVALID },
    { name: "a 20 kB code", query: (p) => `code=${"a".repeat(20_000)}&state=${p.state}&iss=${p.iss}`, expected: CALLBACK },
    { name: "a code with control characters", query: (p) => `code=%00%0d%0a&state=${p.state}&iss=${p.iss}`, expected: CALLBACK },
    { name: "a state that is a JWE from another salt", query: (p) => `code=${p.code}&state=a.b.c.d.e&iss=${p.iss}`, expected: INVALID },
  ]

  for (const row of callbackRows) {
    it(`callback with ${row.name}`, async () => {
      const browser = new Browser(config)
      const authorization = await startSignIn(browser, "oidc")
      const callback = await loginAtProvider(authorization, `bad-${row.name.length}`)
      const params = {
        state: encodeURIComponent(callback.searchParams.get("state")!),
        code: encodeURIComponent(callback.searchParams.get("code")!),
        iss: encodeURIComponent(callback.searchParams.get("iss")!),
      }
      const res = await browser.send(`${BASE}/callback/oidc?${row.query(params)}`)
      await expectOutcome(res, browser, row.expected, row.name)
    })
  }

  it("callback as form_post with a body that is not a form", async () => {
    const browser = new Browser(config)
    await startSignIn(browser, "oidc")
    const res = await browser.send(`${BASE}/callback/oidc`, { json: ["not", "a", "form"] })
    expect(res.status).toBeLessThan(500)
  })

  // The provider breaks at different moments.
  const brokenRows: { name: string; at: "signin" | "callback"; mode: OidcServer["mode"]; expected: Outcome }[] = [
    { name: "provider answers garbage at sign-in", at: "signin", mode: "garbage", expected: { page: "signin", error: "OAuthSignInError" } },
    { name: "provider down at sign-in", at: "signin", mode: "down", expected: { page: "signin", error: "OAuthSignInError" } },
    { name: "token endpoint answers garbage", at: "callback", mode: "garbage", expected: CALLBACK },
    { name: "token endpoint down", at: "callback", mode: "down", expected: CALLBACK },
  ]

  for (const row of brokenRows) {
    it(row.name, async () => {
      // A provider per row: the discovery cache must not hide the breakage.
      const broken = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
      const cfg = { ...config, providers: [OIDC({ issuer: broken.issuer, clientId: broken.clientId, clientSecret: broken.clientSecret })] }
      const browser = new Browser(cfg)
      try {
        if (row.at === "signin") {
          broken.mode = row.mode
          const csrfToken = await browser.csrfToken()
          await expectOutcome(await browser.send(`${BASE}/signin/oidc`, { form: { csrfToken } }), browser, row.expected, row.name)
        } else {
          const callback = await loginAtProvider(await startSignIn(browser, "oidc"), "broken")
          broken.mode = row.mode
          await expectOutcome(await browser.send(`${callback.pathname}${callback.search}`), browser, row.expected, row.name)
        }
      } finally {
        await broken.close()
      }
    })
  }

  it("a provider that never answers is given up after 10 seconds", async () => {
    const hanging = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`] })
    hanging.mode = "hang"
    const browser = new Browser({ ...config, providers: [OIDC({ issuer: hanging.issuer, clientId: "c", clientSecret: "s" })] })
    const csrfToken = await browser.csrfToken()
    const started = Date.now()
    const res = await browser.send(`${BASE}/signin/oidc`, { form: { csrfToken } })
    expect(Date.now() - started).toBeLessThan(15_000)
    await expectOutcome(res, browser, { page: "signin", error: "OAuthSignInError" }, "hang")
    await hanging.close()
  }, 25_000)

  // Malformed answers from a plain OAuth 2.0 provider.
  const oauth2Rows: { name: string; token: Record<string, unknown>; user?: unknown }[] = [
    { name: "token response without access_token", token: { token_type: "bearer" } },
    { name: "token response with an unsupported token_type", token: { access_token: "a", token_type: "mac" } },
    { name: "userinfo that is not found", token: { access_token: "a", token_type: "bearer" } },
    { name: "userinfo without an id", token: { access_token: "a", token_type: "bearer" }, user: { login: "x" } },
    { name: "userinfo that is an array", token: { access_token: "a", token_type: "bearer" }, user: [1, 2] },
  ]
  for (const row of oauth2Rows) {
    it(`GitHub-shaped provider: ${row.name}`, async () => {
      as.tokenResponse = row.token
      as.routes = row.user === undefined ? {} : { "/user": row.user, "/user/emails": [] }
      const browser = new Browser(config)
      const authorization = await startSignIn(browser, "github")
      const back = await fetch(authorization, { redirect: "manual" })
      const callback = new URL(back.headers.get("location")!)
      await expectOutcome(await browser.send(`${callback.pathname}${callback.search}`), browser, CALLBACK, row.name)
    })
  }
})
