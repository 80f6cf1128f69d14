/**
 * requireRecentAuthentication() (lib/auth/next/step-up.ts): a fresh proof
 * returns the session; a stale one redirects to {basePath}/reauthenticate,
 * or to pages.reauthenticate when the app has its own page; signed out goes
 * to sign-in. next/headers and next/navigation are stood in for.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"

const request = vi.hoisted(() => ({ cookie: "", referer: "http://localhost:3000/settings" }))

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ referer: request.referer, host: "localhost:3000" }),
  cookies: async () => ({ toString: () => request.cookie, set: () => undefined }),
}))
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url })
  },
}))

import NextAuth, { type NextAuthConfig } from "@/lib/auth/next"
import { encode } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"

const secret = "unit-test-secret-that-is-long-enough-0123456789"
const previousEnv = { AUTH_URL: process.env.AUTH_URL, AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST }

beforeAll(() => {
  delete process.env.AUTH_URL
  process.env.AUTH_TRUST_HOST = "true"
})
afterAll(() => {
  for (const [k, v] of Object.entries(previousEnv)) if (v === undefined) delete process.env[k]
  else process.env[k] = v
})

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return { secret, providers: [Credentials({ credentials: {}, authorize: async () => null })], ...overrides }
}

async function signedInSecondsAgo(seconds: number) {
  const authenticatedAt = Math.floor(Date.now() / 1000) - seconds
  const token = await encode({ token: { sub: "user-1", email: "ada@example.com", authenticatedAt }, secret, salt: "authjs.session-token" })
  request.cookie = `authjs.session-token=${token}`
}

async function redirectOf(promise: Promise<unknown>): Promise<string> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  )
  expect(thrown).toMatchObject({ message: "NEXT_REDIRECT" })
  return (thrown as { url: string }).url
}

describe("requireRecentAuthentication", () => {
  beforeEach(() => {
    request.cookie = ""
  })

  it("returns the session when the proof is recent", async () => {
    await signedInSecondsAgo(60)
    const session = await NextAuth(config()).requireRecentAuthentication()
    expect(session.user?.email).toBe("ada@example.com")
  })

  it("sends a stale proof to the built-in re-authenticate page with the callbackUrl", async () => {
    await signedInSecondsAgo(601)
    const url = await redirectOf(NextAuth(config()).requireRecentAuthentication())
    expect(url).toBe("/api/auth/reauthenticate?callbackUrl=%2Fsettings")
  })

  it("sends a stale proof to pages.reauthenticate when the app has its own page", async () => {
    await signedInSecondsAgo(601)
    const guard = NextAuth(config({ pages: { reauthenticate: "/confirm-identity" } })).requireRecentAuthentication
    expect(await redirectOf(guard({ callbackUrl: "/settings/security" }))).toBe("/confirm-identity?callbackUrl=%2Fsettings%2Fsecurity")
  })

  it("sends a signed-out visitor to sign-in", async () => {
    const url = await redirectOf(NextAuth(config()).requireRecentAuthentication())
    expect(url).toBe("/api/auth/signin?callbackUrl=%2Fsettings")
  })
})
