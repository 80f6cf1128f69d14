/**
 * The password hash gate is one per process (globalThis), but Next.js compiles
 * the code into several bundles, each with its own copy of every module. The
 * gate's "busy" refusal is then an instance of the class of the bundle that
 * created the gate, and another bundle's `instanceof` does not know it: under
 * CPU pressure sign-in showed error=Configuration and sign-up answered 500.
 * Here two copies of the modules are loaded the way two bundles would be: one
 * creates and saturates the gate, the other serves sign-in and sign-up.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

vi.setConfig({ testTimeout: 60_000 })

// "Bundle A" (say, the server actions) hashes first: the process's gate is its instance.
delete (globalThis as Record<symbol, unknown>)[Symbol.for("next-auth-starter.accounts.hash-gate")]
vi.resetModules()
const bundleA = await import("@/server/accounts/hash-gate")
const gate = bundleA.passwordHashGate()
// "Bundle B" (say, the auth route handler): its own copies of the library and the account code.
vi.resetModules()
const { Auth } = await import("@/lib/auth")
const { default: Credentials } = await import("@/lib/auth/providers/credentials")
const { MemoryRateLimitStore } = await import("@/lib/auth/rate-limit")
const { authorizeWithPassword } = await import("@/server/accounts/sign-in")
const { signUp } = await import("@/server/accounts/users")
const bundleB = await import("@/server/accounts/hash-gate")

/** Occupies every slot and queue place of the process's gate until released. */
function saturateHashGate() {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const holders = Array.from({ length: gate.concurrency + gate.queueLimit }, () => gate.run(() => held))
  return async () => {
    release()
    await Promise.all(holders)
  }
}

describe("a busy password hasher is recognised whichever bundle made it", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    expect(bundleB.PasswordHasherBusy).not.toBe(bundleA.PasswordHasherBusy)
    expect(bundleB.passwordHashGate()).toBe(gate)
  })
  afterAll(() => db.cleanup())

  const config = () => ({
    secret: "hasher-busy-secret-0123456789abcdefghijk",
    trustHost: true,
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: (c) => authorizeWithPassword(db.prisma, c),
      }),
    ],
    logger: { error: () => {} },
    rateLimit: { store: new MemoryRateLimitStore() },
  })

  async function signInPost(headers: Record<string, string>) {
    const auth = config()
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), auth)
    const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    return Auth(
      new Request("http://localhost:3000/auth/callback/credentials", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ csrfToken, email: "someone@example.com", password: "a long passphrase" }),
      }),
      auth,
    )
  }

  it("sign-in from fetch: 429 with Retry-After and code busy, never a Configuration error", async () => {
    const release = saturateHashGate()
    try {
      const answer = await signInPost({ accept: "application/json" })
      expect(answer.status).toBe(429)
      expect(answer.headers.get("retry-after")).toBe("1")
      const body = (await answer.json()) as { url: string; error: string }
      expect(body.error).toBe("CredentialsSignin")
      expect(body.url).toContain("code=busy")
    } finally {
      await release()
    }
  })

  it("sign-in from a form: back to the sign-in page with code=busy", async () => {
    const release = saturateHashGate()
    try {
      const answer = await signInPost({})
      expect(answer.status).toBe(302)
      expect(answer.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=CredentialsSignin&code=busy")
    } finally {
      await release()
    }
  })

  it("sign-up: the 'busy, try again' answer, and no account stored", async () => {
    const release = saturateHashGate()
    try {
      expect(await signUp(db.prisma, { email: "new@example.com", name: "New", password: "another passphrase 9" })).toEqual({
        ok: false,
        field: "password",
        message: "The server is busy. Try again in a moment.",
      })
    } finally {
      await release()
    }
    expect(await db.prisma.user.findUnique({ where: { email: "new@example.com" } })).toBeNull()
  })
})
