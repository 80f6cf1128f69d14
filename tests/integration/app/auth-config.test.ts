/**
 * The starter's own configuration (auth.ts) with the jwt strategy. Its jwt
 * callback copied `session.user.name` from any update into the token,
 * trusting that the settings action had validated and saved it. But POST
 * /api/auth/session is public: a signed-in user could put any text there (no
 * 80-character limit, control characters, ~64 KB that bloats the session
 * cookie into many chunks) and the app would show it as their name, without
 * the database ever agreeing. The token now takes the name from the database.
 */
import { NextRequest } from "next/server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signUp } from "@/server/accounts/users"
import type { Session } from "@/lib/auth/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { parseSetCookie } from "@/tests/integration/auth/support"
import { envFor } from "@/tests/helpers/env"

const ORIGIN = "http://localhost:3000"
const appEnv = {
  AUTH_SESSION_STRATEGY: "jwt",
  AUTH_SECRET: "app-config-secret-0123456789abcdef0123456789",
  AUTH_TRUST_HOST: "true",
  AUTH_URL: undefined,
  SIGNUP_LIMIT_PER_CLIENT: "3",
  EMAIL_SEND_LIMIT_PER_CLIENT: "2",
} as Record<string, string | undefined>

const env = envFor([...Object.keys(appEnv), "DATABASE_URL"])

let db: TestDatabase
let app: typeof import("@/auth")
const jar = new Map<string, string>()

async function send(path: string, init: { method?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers = new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") })
  let body: string | undefined
  if (init.json !== undefined) {
    headers.set("content-type", "application/json")
    body = JSON.stringify(init.json)
  } else if (init.form) {
    headers.set("content-type", "application/x-www-form-urlencoded")
    body = new URLSearchParams(init.form).toString()
  }
  const request = new NextRequest(`${ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body })
  const res = await (request.method === "POST" ? app.handlers.POST(request) : app.handlers.GET(request))
  for (const cookie of res.headers.getSetCookie().map(parseSetCookie)) {
    if (cookie.value === "" || cookie.attributes["max-age"] === "0") jar.delete(cookie.name)
    else jar.set(cookie.name, cookie.value)
  }
  return res
}

async function csrfToken(): Promise<string> {
  return ((await (await send("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken
}

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  env.set({ ...appEnv, DATABASE_URL: db.url })
  app = await import("@/auth")
  await signUp(db.prisma, { email: "ada@example.com", name: "Ada", password: "analytical engine 1843" })
  const res = await send("/api/auth/callback/credentials", {
    form: { csrfToken: await csrfToken(), email: "ada@example.com", password: "analytical engine 1843", callbackUrl: "/dashboard" },
  })
  expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
})

afterAll(async () => {
  env.restore()
  await db?.cleanup()
})

async function update(data: unknown): Promise<Session | null> {
  const res = await send("/api/auth/session", { json: { csrfToken: await csrfToken(), data } })
  expect(res.status).toBe(200)
  return (await res.json()) as Session | null
}

describe("auth.ts jwt callback on update", () => {
  it.each([
    ["a 5000-character name", "x".repeat(5000)],
    ["a name with control characters", "Ada\u0007\u0000"],
    ["a name the database does not have", "Mallory"],
  ])("%s sent by the client is not taken into the session", async (_label, name) => {
    const session = await update({ user: { name } })
    expect(session?.user?.name).toBe("Ada")
    const again = (await (await send("/api/auth/session")).json()) as Session
    expect(again.user?.name).toBe("Ada")
  })

  it("a name saved in the database (what the settings action does) reaches the session", async () => {
    await db.prisma.user.update({ where: { email: "ada@example.com" }, data: { name: "Ada Lovelace" } })
    const session = await update({ user: { name: "Ada Lovelace" } })
    expect(session?.user?.name).toBe("Ada Lovelace")
  })
})

describe("auth.ts per-client budgets from the environment", () => {
  it("SIGNUP_LIMIT_PER_CLIENT and EMAIL_SEND_LIMIT_PER_CLIENT set the per-client budgets; the per-address ones stay", async () => {
    const verdicts = async (action: string, subject: string, count: number) => {
      const allowed: boolean[] = []
      for (let i = 0; i < count; i++) allowed.push((await app.rateLimit.consume(action, subject)).allowed)
      return allowed
    }
    expect(await verdicts("signup-client", "198.51.100.7", 4)).toEqual([true, true, true, false])
    expect(await verdicts("email-client", "198.51.100.8", 3)).toEqual([true, true, false])
    expect(await verdicts("password-reset-client", "198.51.100.9", 3)).toEqual([true, true, false])
    // The default per-address budget (5 sign-up attempts per address in 15 minutes) is untouched.
    expect(await verdicts("signup-address", "someone@example.com", 6)).toEqual([true, true, true, true, true, false])
  })
})
