import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

describe("database strategy: signing in again", () => {
  let db: TestDatabase
  let config: AuthConfig
  let userId: string

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const adapter = PrismaAdapter(db.prisma)
    userId = (await adapter.createUser({ id: "", email: "again@example.com", emailVerified: null, name: "Again" })).id
    config = {
      secret: "sign-in-again-secret-0123456789abcdefghij",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      providers: [Credentials({ authorize: () => ({ id: userId, email: "again@example.com", name: "Again" }) })],
    }
  })
  afterAll(() => db.cleanup())

  async function signIn(existingCookie?: string): Promise<string> {
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
    const csrfCookie = csrf.headers.getSetCookie()[0].split(";")[0]
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const res = await Auth(
      new Request("http://localhost:3000/auth/callback/credentials", {
        method: "POST",
        headers: {
          cookie: [csrfCookie, existingCookie].filter(Boolean).join("; "),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ csrfToken }),
      }),
      config,
    )
    expect(res.status).toBe(302)
    return res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!.split(";")[0]
  }

  it("deletes the previous session row and keeps only the new one", async () => {
    const first = await signIn()
    expect(await db.prisma.session.count({ where: { userId } })).toBe(1)
    const second = await signIn(first)
    expect(second).not.toBe(first)
    const rows = await db.prisma.session.findMany({ where: { userId } })
    expect(rows.map((r) => `authjs.session-token=${r.sessionToken}`)).toEqual([second])
  })

  it("a stale or unknown session cookie does not break sign-in", async () => {
    const fresh = await signIn("authjs.session-token=no-such-session")
    expect(fresh).toMatch(/^authjs\.session-token=[A-Za-z0-9_-]{43}$/)
  })
})
