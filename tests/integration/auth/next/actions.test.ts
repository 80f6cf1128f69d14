/**
 * Server-side signIn (lib/auth/next/actions.ts) calls the core with a
 * Request it builds itself. It used to carry only the cookie header, so the
 * credentials provider's `authorize(credentials, request)` saw none of the
 * user's request: no X-Forwarded-For, no User-Agent. The sign-in rate limit
 * keys clients by their address, so every sign-in through a server
 * action fell into one shared "unknown" client bucket: 50 failures by anyone
 * locked every user of a server-action sign-in form out for 15 minutes.
 *
 * next/headers only works inside a Next request; here it is backed by real
 * Headers and Next's own RequestCookies class.
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { CredentialsRateLimited, CredentialsSignin } from "@/lib/auth/errors"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))

const { default: NextAuth } = await import("@/lib/auth/next")
const { default: Credentials } = await import("@/lib/auth/providers/credentials")

const secret = "next-actions-secret-0123456789abcdef0123"
const env = envFor(["AUTH_URL", "AUTH_TRUST_HOST"])
beforeAll(() => {
  env.set({ AUTH_URL: undefined, AUTH_TRUST_HOST: "true" })
})
afterAll(() => env.restore())

function browserRequest(ip: string, extra: Record<string, string> = {}): Headers {
  return new Headers({
    host: "localhost:3000",
    "x-forwarded-for": ip,
    "user-agent": "TestBrowser/1.0",
    referer: "http://localhost:3000/login",
    cookie: "theme=dark",
    "content-type": "multipart/form-data; boundary=x",
    "content-length": "1234",
    "next-action": "abc123",
    ...extra,
  })
}

describe("server-side signIn passes the user's request to authorize", () => {
  it("authorize sees the browser's headers and current cookies", async () => {
    let seen: Headers | undefined
    const { signIn } = NextAuth({
      secret,
      providers: [
        Credentials({
          credentials: {},
          authorize: async (_credentials, request) => {
            seen = request.headers
            return { id: "u1" }
          },
        }),
      ],
    })
    incoming.headers = browserRequest("203.0.113.9")
    await signIn("credentials", { redirect: false })
    expect(seen?.get("x-forwarded-for")).toBe("203.0.113.9")
    expect(seen?.get("user-agent")).toBe("TestBrowser/1.0")
    expect(seen?.get("cookie")).toContain("theme=dark")
    // The body the core re-serialises is JSON; the multipart framing of the action is not carried over.
    expect(seen?.get("content-type")).toBe("application/json")
    expect(seen?.get("content-length")).toBeNull()
  })

  it("a client-sent X-Auth-Return-Redirect does not turn a thrown CredentialsSignin into a URL", async () => {
    const { signIn } = NextAuth({
      secret,
      providers: [Credentials({ credentials: {}, authorize: async () => null })],
    })
    incoming.headers = browserRequest("203.0.113.10", { "x-auth-return-redirect": "1" })
    await expect(signIn("credentials", { redirect: false })).rejects.toBeInstanceOf(CredentialsSignin)
  })

  describe("with the library's rate limits (no socket hook: the address Next.js fills in)", () => {
    let db: TestDatabase
    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      await signUp(db.prisma, { email: "bob@example.com", name: "Bob", password: "a long enough passphrase" })
    })
    afterAll(() => db.cleanup())

    it("one client's failures do not lock out another client", async () => {
      const { signIn } = NextAuth({
        secret,
        rateLimit: { store: new MemoryRateLimitStore(), rules: { "credentials-client": { limit: 3, windowSeconds: 60 } } },
        providers: [Credentials({ credentials: {}, authorize: (c) => authorizeWithPassword(db.prisma, c) })],
      })
      incoming.headers = browserRequest("198.51.100.66")
      for (let i = 0; i < 4; i++) {
        await expect(signIn("credentials", { email: `nobody${i}@example.com`, password: "guess", redirect: false })).rejects.toBeInstanceOf(
          CredentialsSignin,
        )
      }
      await expect(signIn("credentials", { email: "x@example.com", password: "guess", redirect: false })).rejects.toBeInstanceOf(
        CredentialsRateLimited,
      )

      // Someone else, from another address, signs in normally.
      incoming.headers = browserRequest("192.0.2.44")
      const url = await signIn("credentials", { email: "bob@example.com", password: "a long enough passphrase", redirect: false })
      expect(url).toBe("http://localhost:3000/login")
    })
  })
})
