import { describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"

const PASSWORD = "the right passphrase"
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A config whose authorize() takes as long as a password hash and counts how often it ran. */
function setup(options: { trustedProxies?: number } = {}) {
  const checked = { count: 0 }
  const config: AuthConfig = {
    secret: "rate-limit-test-secret-0123456789abcdefghij",
    trustHost: true,
    logger: { error: () => {} },
    rateLimit: {
      store: new MemoryRateLimitStore(),
      trustedProxies: options.trustedProxies ?? 0,
      socketAddress: (request) => request.headers.get("x-test-socket") ?? undefined,
    },
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: async (c) => {
          checked.count++
          await sleep(40)
          return c.password === PASSWORD ? { id: "u1", email: String(c.email) } : null
        },
      }),
    ],
  }
  return { config, checked }
}

async function csrf(config: AuthConfig) {
  const response = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
  const cookie = response.headers.getSetCookie()[0].split(";")[0]
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { cookie, csrfToken }
}

type Attempt = { email?: string; password: string; socket?: string; xff?: string; json?: boolean; cookie?: string }

function attempt(config: AuthConfig, token: { cookie: string; csrfToken: string }, a: Attempt) {
  const headers: Record<string, string> = {
    cookie: [token.cookie, a.cookie].filter(Boolean).join("; "),
    "content-type": "application/x-www-form-urlencoded",
    "x-test-socket": a.socket ?? "192.0.2.1",
  }
  if (a.xff) headers["x-forwarded-for"] = a.xff
  if (a.json) headers["x-auth-return-redirect"] = "1"
  return Auth(
    new Request("http://localhost:3000/auth/callback/credentials", {
      method: "POST",
      headers,
      body: new URLSearchParams({ csrfToken: token.csrfToken, email: a.email ?? "eve@example.com", password: a.password }),
    }),
    config,
  )
}

describe("credentials sign-in rate limits", () => {
  it("checks only 5 passwords out of a burst of 100 parallel guesses for one email", async () => {
    const { config, checked } = setup()
    const token = await csrf(config)
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt(config, token, { password: `guess-${i}`, socket: `198.51.100.${i}`, json: true })),
    )
    expect(checked.count).toBe(5)
    expect(responses.filter((r) => r.status === 429)).toHaveLength(95)
  })

  it("a correct guess inside a refused burst is not even checked", async () => {
    const { config, checked } = setup()
    const token = await csrf(config)
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 20 ? PASSWORD : `guess-${i}`))
    const responses = await Promise.all(guesses.map((password, i) => attempt(config, token, { password, socket: `203.0.113.${i}`, json: true })))
    expect(checked.count).toBe(5)
    expect(responses[20].status).toBe(429)
  })

  it("answers fetch callers with 429 and Retry-After, forms with the sign-in page's message", async () => {
    const { config } = setup()
    const token = await csrf(config)
    for (let i = 0; i < 5; i++) await attempt(config, token, { password: "wrong" })
    const fetched = await attempt(config, token, { password: "wrong", json: true })
    expect(fetched.status).toBe(429)
    expect(Number(fetched.headers.get("retry-after"))).toBeGreaterThan(800)
    expect(fetched.headers.get("cache-control")).toContain("no-store")
    expect(await fetched.json()).toMatchObject({ url: expect.stringContaining("code=rate_limited") })

    const form = await attempt(config, token, { password: "wrong" })
    expect(form.status).toBe(302)
    const location = form.headers.get("location")!
    expect(location).toBe("http://localhost:3000/auth/signin?error=CredentialsSignin&code=rate_limited")
    expect(await (await Auth(new Request(location), config)).text()).toContain("Too many sign-in attempts")
  })

  it("strangers' wrong guesses do not lock out the owner's browser (it signed in before)", async () => {
    const { config } = setup()
    const token = await csrf(config)
    const first = await attempt(config, token, { password: PASSWORD, socket: "192.0.2.50" })
    const known = first.headers.getSetCookie().find((c) => c.startsWith("authjs.known-client="))!.split(";")[0]
    for (let i = 0; i < 20; i++) await attempt(config, token, { password: `guess-${i}`, socket: `198.51.100.${i}` })
    // A stranger with the right password is refused: the stranger budget is spent.
    expect((await attempt(config, token, { password: PASSWORD, socket: "198.51.100.99", json: true })).status).toBe(429)
    // The owner's browser carries its cookie and signs in.
    const owner = await attempt(config, token, { password: PASSWORD, socket: "192.0.2.50", cookie: known })
    expect(owner.headers.get("location")).toBe("http://localhost:3000")
    expect(owner.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true)
  })

  it("a known-client cookie for one email gives no extra budget for another", async () => {
    const { config, checked } = setup()
    const token = await csrf(config)
    const first = await attempt(config, token, { email: "mallory@example.com", password: PASSWORD })
    const known = first.headers.getSetCookie().find((c) => c.startsWith("authjs.known-client="))!.split(";")[0]
    checked.count = 0
    for (let i = 0; i < 12; i++) await attempt(config, token, { password: `guess-${i}`, cookie: known, socket: `198.51.100.${i}` })
    expect(checked.count).toBe(5)
  })

  it("ignores X-Forwarded-For unless the operator declares a trusted proxy", async () => {
    const { config, checked } = setup()
    const token = await csrf(config)
    // 60 failures for 60 emails from one socket, each claiming another address.
    for (let i = 0; i < 60; i++) {
      await attempt(config, token, { email: `u${i}@example.com`, password: "x", xff: `203.0.113.${i}`, socket: "192.0.2.7" })
    }
    expect(checked.count).toBe(50)

    const proxied = setup({ trustedProxies: 1 })
    const t2 = await csrf(proxied.config)
    for (let i = 0; i < 60; i++) {
      // Behind one proxy: the socket is the proxy's, the last entry is the client the proxy saw.
      await attempt(proxied.config, t2, { email: `u${i}@example.com`, password: "x", xff: `spoofed, 203.0.113.${i % 2}`, socket: "10.0.0.1" })
    }
    expect(proxied.checked.count).toBe(60)
  })

  it("a success gives the client its attempt back: 60 good sign-ins from one address are not refused", async () => {
    const { config, checked } = setup()
    const token = await csrf(config)
    for (let i = 0; i < 60; i++) {
      const response = await attempt(config, token, { email: `user${i}@example.com`, password: PASSWORD })
      expect(response.headers.get("location")).toBe("http://localhost:3000")
    }
    expect(checked.count).toBe(60)
  })
})
