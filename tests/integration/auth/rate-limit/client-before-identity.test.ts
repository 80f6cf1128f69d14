/**
 * An attacker already over its own client limit keeps naming a victim's
 * address. It must gain nothing: not a sign-in, and not the victim's
 * per-address budget either (spending it would lock the owner out without the
 * attacker ever being let through). Real endpoints, a real SQLite database,
 * a real SMTP server; clients are told apart by X-Forwarded-For behind one
 * trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Auth } from "@/lib/auth"
import { MemoryRateLimitStore, RateLimiter } from "@/lib/auth/rate-limit"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import { requestPasswordReset } from "@/server/accounts/password-reset"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

vi.setConfig({ testTimeout: 120_000 })

const VICTIM = { email: "victim@example.com", password: "the victim's passphrase" }

describe("a client over its limit cannot spend a victim's per-address budget", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let savedServer: string | undefined
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
    savedServer = process.env.EMAIL_SERVER
    process.env.EMAIL_SERVER = smtp.url
    await signUp(db.prisma, { ...VICTIM, name: "Victim" })
  })
  afterAll(async () => {
    if (savedServer === undefined) delete process.env.EMAIL_SERVER
    else process.env.EMAIL_SERVER = savedServer
    await smtp.close()
    await db.cleanup()
  })

  it("credentials sign-in: the attacker's refused guesses leave the owner's 5 attempts untouched", async () => {
    const config: AuthConfig = {
      secret: "client-first-secret-0123456789abcdefghij",
      trustHost: true,
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: (c) => authorizeWithPassword(db.prisma, c),
        }),
      ],
      logger: { error: () => {} },
      // A small client budget keeps the test short; the per-address rule is the default (5 per 15 minutes).
      rateLimit: { store: new MemoryRateLimitStore(), trustedProxies: 1, rules: { "credentials-client": { limit: 3, windowSeconds: 900 } } },
    }
    const post = async (from: string, email: string, password: string) => {
      const csrf = await Auth(new Request("http://localhost:3000/auth/csrf", { headers: { "x-forwarded-for": from } }), config)
      const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const answer = await Auth(
        new Request("http://localhost:3000/auth/callback/credentials", {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
          body: new URLSearchParams({ csrfToken, email, password }),
        }),
        config,
      )
      return answer.headers.get("location") ?? ""
    }

    // The attacker spends its own budget on other addresses, then names the victim again and again.
    for (let i = 0; i < 3; i++) expect(await post("203.0.113.66", `someone-${i}@example.com`, "guess")).toContain("code=credentials")
    for (let i = 0; i < 10; i++) expect(await post("203.0.113.66", VICTIM.email, `guess-${i}`)).toContain("code=rate_limited")

    // The owner, from their own network, signs in at the first try.
    const owner = await post("198.51.100.7", VICTIM.email, VICTIM.password)
    expect(owner).not.toContain("error=")
    expect(owner).toBe("http://localhost:3000")
  })

  it("password reset: an attacker over its client limit cannot hold back the owner's reset mail", async () => {
    const rateLimit = new RateLimiter({ store: new MemoryRateLimitStore(), rules: accountRateLimitRules })
    const origin = "http://localhost:3000"
    // 10 resets per client in 15 minutes: the attacker uses them on other addresses, then names the victim.
    for (let i = 0; i < 10; i++) {
      await requestPasswordReset(db.prisma, { email: `nobody-${i}@example.com`, origin, client: "203.0.113.66", rateLimit })
    }
    for (let i = 0; i < 5; i++) {
      const refused = await requestPasswordReset(db.prisma, { email: VICTIM.email, origin, client: "203.0.113.66", rateLimit })
      expect(refused.sent).toBeUndefined()
    }
    const owner = await requestPasswordReset(db.prisma, { email: VICTIM.email, origin, client: "198.51.100.7", rateLimit })
    expect(owner.sent).toBeDefined()
    await owner.sent
    expect((await smtp.waitFor(VICTIM.email)).text).toContain(`${origin}/reset-password?token=`)
  })
})
