/**
 * `jwt.maxAge` (JWTOptions) is the lifetime of the issued session
 * token. It defaults to `session.maxAge`, but when it is set the token's `exp`
 * must follow it: an app that asks for short-lived tokens must not get 30-day
 * ones.
 */
import { describe, expect, it } from "vitest"
import type { AuthConfig, Session } from "@/lib/auth"
import { resolveAuthConfig } from "@/lib/auth/auth"
import { decode } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"
import { BASE, Browser, SECRET, setCookie } from "@/tests/integration/auth/support"

const SESSION = "authjs.session-token"
const nowSeconds = () => Math.floor(Date.now() / 1000)

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    session: { strategy: "jwt" },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: async (c) => (c.password === "right" ? { id: "u1", name: "Ada", email: String(c.email) } : null),
      }),
    ],
    ...overrides,
  }
}

describe("jwt.maxAge", () => {
  it("sets the lifetime of the session token issued at sign-in", async () => {
    const browser = new Browser(config({ jwt: { maxAge: 120 } }))
    const res = await browser.signInWithCredentials({ email: "ada@example.com", password: "right" })
    expect(res.status).toBe(302)
    const token = await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION })
    expect(token!.exp! - token!.iat!).toBe(120)
    // The cookie keeps session.maxAge (as in Auth.js); the token inside it expires first.
    const cookie = setCookie(res, SESSION)!
    expect(Date.parse(cookie.attributes.expires as string) / 1000).toBeGreaterThan(nowSeconds() + 29 * 24 * 3600)
  })

  it("sets the lifetime of a re-issued token, and the session reports that expiry", async () => {
    const browser = new Browser(config({ jwt: { maxAge: 300 }, session: { strategy: "jwt", updateAge: 0 } }))
    await browser.signInWithCredentials({ email: "ada@example.com", password: "right" })
    const res = await browser.send(`${BASE}/session`)
    const session = (await res.json()) as Session
    const token = await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION })
    expect(token!.exp! - token!.iat!).toBe(300)
    expect(Math.abs(Date.parse(session.expires) / 1000 - (nowSeconds() + 300))).toBeLessThanOrEqual(2)
  })

  it("defaults to session.maxAge", async () => {
    const browser = new Browser(config({ session: { strategy: "jwt", maxAge: 3600 } }))
    await browser.signInWithCredentials({ email: "ada@example.com", password: "right" })
    const token = await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION })
    expect(token!.exp! - token!.iat!).toBe(3600)
  })

  it("custom jwt.encode receives jwt.maxAge", async () => {
    const seen: Array<number | undefined> = []
    const browser = new Browser(
      config({
        jwt: {
          maxAge: 90,
          encode: async (params) => {
            seen.push(params.maxAge)
            return JSON.stringify(params.token)
          },
          decode: async (params) => (params.token ? JSON.parse(params.token) : null),
        },
      }),
    )
    await browser.signInWithCredentials({ email: "ada@example.com", password: "right" })
    expect(seen).toEqual([90])
  })
})

describe("the decode cache under re-issued cookies", () => {
  async function signedInBrowsers(cfg: AuthConfig, count: number): Promise<Browser[]> {
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const browser = new Browser(cfg)
        await browser.signInWithCredentials({ email: `user-${i}@example.com`, password: "right" })
        return browser
      }),
    )
  }

  it("with updateAge 0 keeps only the tokens browsers hold now, not every token they were sent", async () => {
    const cfg = config({ session: { strategy: "jwt", updateAge: 0 } })
    const browsers = await signedInBrowsers(cfg, 5)
    const ring = resolveAuthConfig(cfg).keyRing
    for (let round = 0; round < 4; round++) {
      for (const browser of browsers) expect((await browser.send(`${BASE}/session`)).status).toBe(200)
    }
    // 5 browsers × (1 sign-in + 4 re-issues) tokens were made; only each browser's current one is held.
    expect(ring.rememberedTokens).toBe(5)
    for (const browser of browsers) {
      const session = (await (await browser.send(`${BASE}/session`)).json()) as Session
      expect(session.user?.email).toMatch(/^user-\d@example\.com$/)
    }
  })

  it("drops a replaced token's claims when a changed token is re-issued", async () => {
    let version = 0
    const cfg = config({ callbacks: { jwt: ({ token }) => ({ ...token, version }) } })
    const [browser] = await signedInBrowsers(cfg, 1)
    const ring = resolveAuthConfig(cfg).keyRing
    await browser!.send(`${BASE}/session`)
    const before = ring.rememberedTokens
    version = 1 // the token's content changes: the next read re-issues it
    const res = await browser!.send(`${BASE}/session`)
    expect(setCookie(res, SESSION)?.value).toBeTruthy()
    expect(ring.rememberedTokens).toBe(before)
  })
})

describe("jwt session: re-issue only when the token's content changes", () => {
  it("keeps the cookie while a callback rebuilds equal nested claims, and re-issues when they change", async () => {
    let roles = ["reader"]
    const cfg = config({ callbacks: { jwt: ({ token }) => ({ ...token, org: { roles: [...roles] } }) } })
    const browser = new Browser(cfg)
    await browser.signInWithCredentials({ email: "nested@example.com", password: "right" })
    // The sign-in token was shaped by the same callback: a rebuilt but equal object is no change.
    expect(setCookie(await browser.send(`${BASE}/session`), SESSION)).toBeUndefined()
    expect(setCookie(await browser.send(`${BASE}/session`), SESSION)).toBeUndefined()
    roles = ["reader", "editor"]
    expect(setCookie(await browser.send(`${BASE}/session`), SESSION)?.value).toBeTruthy()
    // The browser now holds the new token: equal again, nothing to set.
    expect(setCookie(await browser.send(`${BASE}/session`), SESSION)).toBeUndefined()
  })
})
