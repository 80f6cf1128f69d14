// Many requests for one account at once, on the real SQLite file and the real PostgreSQL:
// no duplicate rows, no 5xx, every caller told something clear.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Auth } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import { HashGate } from "@/server/accounts/hash-gate"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { randomBytes, scryptSync } from "node:crypto"

vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 })

const PASSWORD = "concurrent passphrase 2026"
const gateKey = Symbol.for("next-auth-starter.accounts.hash-gate")
const processWide = globalThis as typeof globalThis & { [gateKey]?: HashGate }

/** Replaces the process's password-hash gate (the app's production one refuses beyond 8 waiting). */
function useHashGate(gate: HashGate | undefined): void {
  processWide[gateKey] = gate
}

/** A stored hash in the app's format at a low cost (N = 2^10). */
function cheapHash(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 })
  return ["scrypt", 1024, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$")
}

const TAKEN = "An account with this email already exists. Sign in instead."
const BUSY = "The server is busy. Try again in a moment."

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`concurrency on ${provider}`, () => {
    let db: TestDatabase
    beforeAll(async () => {
      db = await createTestDatabase(provider)
    })
    afterAll(async () => {
      useHashGate(undefined)
      await db.cleanup()
    })

    // Fifty full-cost scrypt hashes take most of a minute on two busy cores: once, on PostgreSQL.
    it.runIf(provider === "postgresql")("50 sign-ups with one email at once: exactly one user, every other caller told the email is taken", async () => {
      // A wide gate, so every request reaches the insert and the unique constraint decides.
      useHashGate(new HashGate({ concurrency: 2, queueLimit: 1000 }))
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => signUp(db.prisma, { email: "Race@Example.com", name: `Racer ${i}`, password: PASSWORD })),
      )
      expect(outcomes.filter((o) => o.status === "rejected")).toEqual([])
      const results = outcomes.map((o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof signUp>>>).value)
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, field: "email", message: TAKEN })
      expect(await db.prisma.user.count({ where: { email: "race@example.com" } })).toBe(1)
    })

    it("50 sign-ups at once with the production hash gate: one user, the rest 'taken' or 'busy', never an exception", async () => {
      useHashGate(undefined)
      const results = await Promise.all(
        Array.from({ length: 50 }, () => signUp(db.prisma, { email: "gate@example.com", name: "Gate", password: PASSWORD })),
      )
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      for (const r of results.filter((r) => !r.ok)) expect([TAKEN, BUSY]).toContain((r as { message: string }).message)
      expect(await db.prisma.user.count({ where: { email: "gate@example.com" } })).toBe(1)
    })

    for (const gate of ["wide", "production"] as const) {
      it(`200 credentials sign-ins at once (${gate} hash gate): no 5xx, one session row per success`, async () => {
        const email = `signin-${gate}@example.com`
        // The stored hash names its own cost, so a cheap one keeps 200 checks quick while every
        // request still runs the real verification through the real gate.
        await db.prisma.user.create({ data: { email, name: "Signer", passwordHash: cheapHash(PASSWORD) } })
        useHashGate(gate === "wide" ? new HashGate({ concurrency: 2, queueLimit: 1000 }) : undefined)
        const config: AuthConfig = {
          secret: "concurrency-suite-secret-0123456789abcdef",
          trustHost: true,
          adapter: PrismaAdapter(db.prisma),
          session: { strategy: "database" },
          logger: { error: () => {} },
          // Relaxed for the test: 200 attempts for one email from one address are the point here.
          rateLimit: {
            rules: {
              "credentials-identifier": { limit: 1000, windowSeconds: 60 },
              "credentials-identifier-known-client": { limit: 1000, windowSeconds: 60 },
              "credentials-client": { limit: 1000, windowSeconds: 60 },
            },
          },
          providers: [
            Credentials({
              credentials: { email: { type: "email" }, password: { type: "password" } },
              authorize: (c) => authorizeWithPassword(db.prisma, c),
            }),
          ],
        }
        const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
        const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
        const { csrfToken } = (await csrf.json()) as { csrfToken: string }
        const responses = await Promise.all(
          Array.from({ length: 200 }, () =>
            Auth(
              new Request("http://localhost:3000/auth/callback/credentials", {
                method: "POST",
                headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
                body: new URLSearchParams({ csrfToken, email, password: PASSWORD }),
              }),
              config,
            ),
          ),
        )
        expect(responses.filter((r) => r.status >= 500).map((r) => r.status)).toEqual([])
        const locations = responses.map((r) => r.headers.get("location") ?? "")
        const succeeded = locations.filter((l) => l === "http://localhost:3000")
        const busy = locations.filter((l) => l.endsWith("error=CredentialsSignin&code=busy"))
        // Every answer is one of the two a user can see: signed in, or "busy, try again".
        expect(succeeded.length + busy.length).toBe(200)
        if (gate === "wide") expect(busy).toHaveLength(0)
        else expect(succeeded.length).toBeGreaterThan(0)
        const user = await db.prisma.user.findUnique({ where: { email }, select: { id: true } })
        expect(await db.prisma.session.count({ where: { userId: user!.id } })).toBe(succeeded.length)
        // One distinct session token per success.
        const tokens = new Set(responses.flatMap((r) => r.headers.getSetCookie().filter((c) => c.startsWith("authjs.session-token="))))
        expect(tokens.size).toBe(succeeded.length)
      })
    }
  })
}
