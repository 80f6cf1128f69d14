import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Auth } from "@/lib/auth"
import { MemoryRateLimitStore, PrismaRateLimitStore } from "@/lib/auth/rate-limit"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

// These tests run scrypt 50+ times, which takes most of a minute on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 })

describe("password sign-in through Auth() with the library's rate limits", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    await signUp(db.prisma, { email: "eve@example.com", name: "Eve", password: "the right passphrase" })
  })
  afterAll(() => db.cleanup())

  const configWith = (store: AuthConfig["rateLimit"]): AuthConfig => ({
    secret: "throttle-test-secret-0123456789abcdefghij",
    trustHost: true,
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: (c) => authorizeWithPassword(db.prisma, c),
      }),
    ],
    logger: { error: () => {} },
    rateLimit: store,
  })

  async function poster(config: AuthConfig) {
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
    const cookie = csrf.headers.getSetCookie()[0].split(";")[0]
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    return (email: string, password: string) =>
      Auth(
        new Request("http://localhost:3000/auth/callback/credentials", {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, email, password }),
        }),
        config,
      )
  }

  for (const kind of ["memory", "database"] as const) {
    it(`refuses an email after 5 attempts (any case), unknown emails alike (${kind} store)`, async () => {
      const store = kind === "memory" ? new MemoryRateLimitStore() : new PrismaRateLimitStore(db.prisma)
      const post = await poster(configWith({ store }))
      for (let i = 0; i < 5; i++) expect((await post("eve@example.com", "wrong")).headers.get("location")).toContain("code=credentials")
      expect((await post("EVE@example.com", "the right passphrase")).headers.get("location")).toBe(
        "http://localhost:3000/auth/signin?error=CredentialsSignin&code=rate_limited",
      )
      // An unknown email is limited the same way, so the refusal reveals nothing either.
      for (let i = 0; i < 5; i++) await post("ghost@example.com", "x")
      expect((await post("ghost@example.com", "x")).headers.get("location")).toContain("code=rate_limited")
      if (kind === "database") await db.prisma.$executeRaw`DELETE FROM "RateLimit"`
    })
  }

  it("rateLimit: false turns the limits off", async () => {
    const post = await poster(configWith(false))
    for (let i = 0; i < 8; i++) expect((await post("eve@example.com", "wrong")).headers.get("location")).toContain("code=credentials")
  })
})
