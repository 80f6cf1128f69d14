import { afterEach, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import { envFor } from "@/tests/helpers/env"

// `npm run dev` writes a `dev-only-…` AUTH_SECRET to .env.local, and Next.js
// also loads .env.local for `next start`: production must refuse it.
const env = envFor(["NODE_ENV", "AUTH_SECRET"])
afterEach(() => env.restore())

function config(): AuthConfig {
  const errors: Error[] = []
  return {
    trustHost: true,
    providers: [Credentials({ authorize: () => null })],
    logger: { error: (_code, e) => void errors.push(e as Error) },
  }
}

async function sessionStatus(env: Record<string, string>) {
  Object.assign(process.env, env)
  const res = await Auth(new Request("http://localhost:3000/auth/session"), config())
  return { status: res.status, body: await res.text() }
}

describe("production secret", () => {
  it("refuses the generated development secret under NODE_ENV=production", async () => {
    const { status, body } = await sessionStatus({ NODE_ENV: "production", AUTH_SECRET: "dev-only-abcdefghijklmnopqrstuvwxyz0123456789" })
    expect(status).toBe(500)
    expect(body).toContain("server configuration")
    expect(body).not.toContain("dev-only")
  })

  it("accepts the same secret in development", async () => {
    const { status } = await sessionStatus({ NODE_ENV: "development", AUTH_SECRET: "dev-only-abcdefghijklmnopqrstuvwxyz0123456789" })
    expect(status).toBe(200)
  })

  it("accepts a real secret in production, and refuses none at all", async () => {
    expect((await sessionStatus({ NODE_ENV: "production", AUTH_SECRET: "a-real-production-secret-0123456789abcdef" })).status).toBe(200)
    delete process.env.AUTH_SECRET
    expect((await sessionStatus({ NODE_ENV: "production" })).status).toBe(500)
  })
})
