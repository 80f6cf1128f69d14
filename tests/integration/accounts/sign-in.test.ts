import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Auth } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/types"
import { authorizeWithPassword, clientAddress, defaultSignInLimits, TooManyAttempts } from "@/lib/accounts/sign-in"
import { signUp } from "@/lib/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

// These tests run scrypt 50+ times, which takes most of a minute on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 })

describe("password sign-in with throttling", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    await signUp(db.prisma, { email: "eve@example.com", name: "Eve", password: "the right passphrase" })
  })
  afterAll(() => db.cleanup())

  // A client-chosen first entry, then the address the (trusted) proxy saw.
  const request = (ip: string) => new Request("http://localhost/", { headers: { "x-forwarded-for": `spoofed, ${ip}` } })

  it("reads the client address from the last X-Forwarded-For value (the one the nearest proxy added)", () => {
    expect(clientAddress(request("203.0.113.7"))).toBe("203.0.113.7")
    expect(clientAddress(new Request("http://localhost/", { headers: { "x-forwarded-for": "203.0.113.7" } }))).toBe("203.0.113.7")
    expect(clientAddress(new Request("http://localhost/"))).toBe("unknown")
  })

  it("refuses an email after 5 failures, even with the right password, and keeps others working", async () => {
    const limits = defaultSignInLimits()
    for (let i = 0; i < 5; i++) {
      expect(await authorizeWithPassword(db.prisma, limits, { email: "eve@example.com", password: `guess-${i}` }, request("198.51.100.1"))).toBeNull()
    }
    await expect(
      authorizeWithPassword(db.prisma, limits, { email: "EVE@example.com", password: "the right passphrase" }, request("198.51.100.2")),
    ).rejects.toBeInstanceOf(TooManyAttempts)
    // An unknown email is throttled the same way, so the lock-out reveals nothing either.
    for (let i = 0; i < 5; i++) await authorizeWithPassword(db.prisma, limits, { email: "ghost@example.com", password: "x" }, request("198.51.100.3"))
    await expect(authorizeWithPassword(db.prisma, limits, { email: "ghost@example.com", password: "x" })).rejects.toBeInstanceOf(TooManyAttempts)
  })

  it("refuses a client after 50 failures across emails", async () => {
    const limits = defaultSignInLimits()
    for (let i = 0; i < 50; i++) {
      await authorizeWithPassword(db.prisma, limits, { email: `user${i}@example.com`, password: "x" }, request("192.0.2.9"))
    }
    await expect(
      authorizeWithPassword(db.prisma, limits, { email: "eve@example.com", password: "the right passphrase" }, request("192.0.2.9")),
    ).rejects.toBeInstanceOf(TooManyAttempts)
    expect(
      await authorizeWithPassword(db.prisma, limits, { email: "eve@example.com", password: "the right passphrase" }, request("192.0.2.10")),
    ).toMatchObject({ email: "eve@example.com" })
  })

  it("through Auth(), a throttled sign-in lands on the sign-in page with code=rate_limited and its own message", async () => {
    const limits = defaultSignInLimits()
    const config: AuthConfig = {
      secret: "throttle-test-secret-0123456789abcdefghij",
      trustHost: true,
      providers: [Credentials({ authorize: (c, req) => authorizeWithPassword(db.prisma, limits, c, req) })],
      logger: { error: () => {} },
    }
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
    const cookie = csrf.headers.getSetCookie()[0].split(";")[0]
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const post = (password: string) =>
      Auth(
        new Request("http://localhost:3000/auth/callback/credentials", {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, email: "eve@example.com", password }),
        }),
        config,
      )
    for (let i = 0; i < 5; i++) expect((await post("wrong")).headers.get("location")).toContain("code=credentials")
    const location = (await post("the right passphrase")).headers.get("location")!
    expect(location).toBe("http://localhost:3000/auth/signin?error=CredentialsSignin&code=rate_limited")
    const page = await (await Auth(new Request(location), config)).text()
    expect(page).toContain("Too many failed sign-in attempts")
  })
})
