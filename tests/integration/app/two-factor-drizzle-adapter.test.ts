/**
 * AUTH_ADAPTER=drizzle: the Auth.js contract has no two-factor
 * methods, so Settings shows no form; the server actions posted anyway answer
 * that it is not available and write nothing, never a 500. The real actions
 * run against the app's own configuration (auth.ts) switched to
 * @auth/drizzle-adapter on a real SQLite file, with a session the adapter
 * wrote (its companion holds a fresh proof of identity).
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { signUp } from "@/server/accounts/users"
import { starterDrizzleAdapter } from "@/server/drizzle/adapter"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
vi.mock("next/cache", () => ({ revalidatePath: () => {} }))

const ORIGIN = "http://app.localhost:3000"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_ADAPTER"])

let db: TestDatabase
let actions: typeof import("@/app/(protected)/settings/two-factor-actions")

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  env.set({
    AUTH_SECRET: "two-factor-drizzle-secret-0123456789abcdef",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    EMAIL_SERVER: undefined,
    AUTH_ADAPTER: "drizzle",
  })
  actions = await import("@/app/(protected)/settings/two-factor-actions")
})

afterAll(async () => {
  env.restore()
  await db?.cleanup()
})

describe("Settings › Two-factor authentication under @auth/drizzle-adapter", () => {
  it("both enrolment actions say it is not available, and nothing is written", async () => {
    const created = await signUp(db.prisma, { email: "drizzle-2fa@example.test", name: "Ada", password: "analytical engine 1843" })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
    const adapter = starterDrizzleAdapter(db.url.slice("file:".length))
    await adapter.createSession!({ sessionToken: "drizzle-2fa-session", userId: created.user.id, expires: new Date(Date.now() + 86_400_000), authenticatedAt: new Date() })
    incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN, cookie: "authjs.session-token=drizzle-2fa-session" })

    expect(await actions.beginTwoFactorSetupAction({})).toEqual({ ok: false, message: "Two-factor authentication is not available on this site." })
    const form = new FormData()
    form.set("sealedSecret", "anything")
    form.set("code", "123456")
    expect(await actions.confirmTwoFactorSetupAction({}, form)).toEqual({ ok: false, message: "Two-factor authentication is not available on this site." })
    expect(await actions.disableTwoFactorAction({})).toMatchObject({ ok: false })
    expect(await db.prisma.twoFactor.count()).toBe(0)
    expect(await db.prisma.recoveryCode.count()).toBe(0)
  })
})
