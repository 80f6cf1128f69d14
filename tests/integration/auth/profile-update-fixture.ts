// A database-strategy user with a live session on a fresh SQLite file, and a way to POST
// /session update data as that user's browser would (CSRF token included).
import { Auth } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import type { AdapterUser } from "@/lib/auth/adapters/types"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

export interface ProfileUpdateFixture {
  db: TestDatabase
  userId: string
  /** POSTs { data } to /session with the user's session; the response. */
  post(data: unknown): Promise<Response>
}

export async function profileUpdateFixture(label: string, user: Partial<AdapterUser>): Promise<ProfileUpdateFixture> {
  const db = await createTestDatabase("sqlite")
  const adapter = PrismaAdapter(db.prisma)
  const config: AuthConfig = {
    secret: `${label}-secret-0123456789abcdefghijk`,
    trustHost: true,
    adapter,
    providers: [],
    logger: { error: () => {} },
  }
  const created = await adapter.createUser({ id: "", email: `${label}@example.com`, emailVerified: null, ...user })
  const sessionToken = `${label}-session`
  await adapter.createSession({ sessionToken, userId: created.id, expires: new Date(Date.now() + 86_400_000) })

  async function post(data: unknown) {
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), config)
    const csrfCookie = csrf.headers.getSetCookie()[0].split(";")[0]
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    return Auth(
      new Request("http://localhost:3000/auth/session", {
        method: "POST",
        headers: { cookie: `authjs.session-token=${sessionToken}; ${csrfCookie}`, "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, data }),
      }),
      config,
    )
  }
  return { db, userId: created.id, post }
}
