/**
 * Roles and bans through Express (issue 33), on a real SQLite database with both strategies:
 * requirePermission answers 401 signed out and 403 for a user without the permission and runs the
 * route for an admin; a banned user's password sign-in through ExpressAuth is refused as suspended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { banUser, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ExpressAuth, hasPermission, requirePermission } from "@/lib/auth/express"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { Browser, SECRET, withEnv } from "../support"
import { direct, express, listen, type RunningServer } from "./server"

const PASSWORD = "express-permission-password-6612"

describe.each(["database", "jwt"] as const)("requirePermission (Express, sqlite, %s sessions)", (strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  let server: RunningServer
  let ran = 0
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    config = {
      secret: SECRET,
      basePath: "/api/auth",
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
    const app = express()
    app.use("/api/auth", ExpressAuth(config))
    app.post("/admin/ban", async (req, res) => {
      const session = await requirePermission(req, res, config, { user: ["ban"] })
      if (!session) return
      ran++
      res.json({ allowed: hasPermission(session, { user: ["ban"] }, config) })
    })
    server = await listen(app)
  })
  afterAll(async () => {
    await server.close()
    await db.cleanup()
  })

  async function account(roles?: string) {
    const email = `express-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "Someone", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  async function signIn(client: Browser, email: string): Promise<string> {
    const { csrfToken } = (await (await client.send("/api/auth/csrf")).json()) as { csrfToken: string }
    const res = await client.send("/api/auth/callback/credentials", { form: { csrfToken, email, password: PASSWORD } })
    return res.headers.get("location") ?? ""
  }

  it("401 signed out, 403 for a plain user, the route for an admin", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const before = ran
      const stranger = new Browser(config, server.origin, direct())
      expect((await stranger.send("/admin/ban", { method: "POST" })).status).toBe(401)

      const plain = await account()
      const user = new Browser(config, server.origin, direct())
      await signIn(user, plain.email)
      expect((await user.send("/admin/ban", { method: "POST" })).status).toBe(403)
      expect(ran).toBe(before)

      const admin = await account("admin")
      const client = new Browser(config, server.origin, direct())
      await signIn(client, admin.email)
      const res = await client.send("/admin/ban", { method: "POST" })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ allowed: true })
      expect(ran).toBe(before + 1)
    })
  })

  it("a banned user's sign-in through Express is refused as suspended", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const user = await account()
      await banUser(config, user.id, { reason: "r", until: null })
      const client = new Browser(config, server.origin, direct())
      expect(await signIn(client, user.email)).toContain("error=AccountSuspended")
      expect(client.sessionValue()).toBe("")
    })
  })
})
