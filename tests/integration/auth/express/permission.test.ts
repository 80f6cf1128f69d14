/**
 * Roles and bans through Express, on a real SQLite database with both strategies:
 * requirePermission answers 401 signed out and 403 for a user without the permission and runs the
 * route for an admin; a banned user's password sign-in through ExpressAuth is refused as suspended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { banUser, builtInResources, defineAccessControl, startImpersonation, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ExpressAuth, hasPermission, requirePermission } from "@/lib/auth/express"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { Browser, SECRET, withEnv } from "../support"
import { direct, express, listen, type RunningServer } from "./server"

const PASSWORD = "express-permission-password-6612"
// Every signed-in user may read and write their notes: what an impersonation session holds too.
const control = defineAccessControl({ resources: { ...builtInResources, note: ["read", "write"] }, roles: { user: { note: ["read", "write"] } } })

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
      access: { control },
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
    app.get("/notes", async (req, res) => {
      const session = await requirePermission(req, res, config, { note: ["read"] })
      if (session) res.json({ email: session.user?.email })
    })
    app.post("/notes", async (req, res) => {
      const session = await requirePermission(req, res, config, { note: ["write"] })
      if (!session) return
      ran++
      res.json({ written: true })
    })
    app.get("/admin/users", async (req, res) => {
      const session = await requirePermission(req, res, config, { user: ["list"] })
      if (session) res.json({ listed: true })
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

  it("an impersonation session reads but is answered 403 for a change and for an admin operation; nothing runs", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const admin = await account("admin")
      const target = await account()
      const client = new Browser(config, server.origin, direct())
      await signIn(client, admin.email)
      const request = new Request(`${server.origin}/notes`, { headers: { cookie: client.cookieHeader() } })
      const started = await startImpersonation(config, request, { userId: admin.id, authenticatedAt: new Date() }, target.id, "support request")
      for (const c of started.cookies) client.jar.set(c.name, c.value)

      const before = ran
      expect(await (await client.send("/notes")).json()).toEqual({ email: target.email })
      const change = await client.send("/notes", { method: "POST" })
      expect(change.status).toBe(403)
      expect(await change.json()).toEqual({ error: "Forbidden", reason: "impersonating" })
      expect((await client.send("/admin/users")).status).toBe(403)
      expect(ran).toBe(before)

      // The target's own session makes the same change.
      const own = new Browser(config, server.origin, direct())
      await signIn(own, target.email)
      expect((await own.send("/notes", { method: "POST" })).status).toBe(200)
      expect(ran).toBe(before + 1)
    })
  })

  it("an admin whose stored role was taken away after sign-in is answered 403 for an admin operation; the route does not run", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const demoted = await account("admin")
      const client = new Browser(config, server.origin, direct())
      await signIn(client, demoted.email)
      expect((await client.send("/admin/ban", { method: "POST" })).status).toBe(200)
      const before = ran
      // Written by another process (or straight in the database): this session's copy still says admin.
      await db.prisma.user.update({ where: { id: demoted.id }, data: { roles: null } })
      expect((await client.send("/admin/ban", { method: "POST" })).status).toBe(403)
      expect(ran).toBe(before)
    })
  })
})
