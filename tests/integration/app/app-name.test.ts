/**
 * One setting names the product: APP_NAME reaches the authenticator entry
 * (TOTP issuer), the library's pages and mails (theme.name) and the passkey
 * prompt through auth.ts, and the default is "Auth Starter", never the host.
 */
import { type TOTP, URI } from "otpauth"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { beginTwoFactorSetup } from "@/lib/auth"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

const ORIGIN = "http://app.localhost:6200"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "APP_NAME"])

let db: TestDatabase
let n = 0

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  env.set({
    AUTH_SECRET: "app-name-secret-0123456789abcdef0123456789",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    EMAIL_SERVER: undefined,
  })
})
beforeEach(() => vi.resetModules())
afterAll(async () => {
  env.restore()
  await db?.cleanup()
})

/** auth.ts as a server started with this APP_NAME loads it. */
async function appWith(name: string | undefined): Promise<typeof import("@/auth")> {
  env.set({ APP_NAME: name })
  return import("@/auth")
}

async function totpEntry(app: typeof import("@/auth")): Promise<TOTP> {
  const email = `totp-${++n}@example.com`
  const created = await signUp(db.prisma, { email, name: "Ada", password: "analytical engine 1843" })
  if (!created.ok) throw new Error(created.message)
  return URI.parse((await beginTwoFactorSetup(app.authConfig, { id: created.user.id, email })).uri) as TOTP
}

describe("APP_NAME", () => {
  it("by default the authenticator entry is issued by Auth Starter, not by localhost 6200", async () => {
    const app = await appWith(undefined)
    expect(app.authConfig.theme?.name).toBe("Auth Starter")
    const entry = await totpEntry(app)
    expect(entry.issuer).toBe("Auth Starter")
    expect(entry.toString()).toContain("issuer=Auth%20Starter")
    expect(entry.toString()).not.toContain("6200")
  })

  it("a changed APP_NAME shows up in the authenticator entry and the library's theme", async () => {
    const app = await appWith("Acme Books")
    expect(app.authConfig.theme?.name).toBe("Acme Books")
    const entry = await totpEntry(app)
    expect(entry.issuer).toBe("Acme Books")
    expect(entry.label).toMatch(/^totp-\d+@example\.com$/)
  })
})
