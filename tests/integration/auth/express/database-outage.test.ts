/**
 * getSession during a database outage (database strategy, PostgreSQL through
 * the Prisma adapter): a TCP proxy of the test's own between the library and
 * PostgreSQL is cut and restored. An outage is thrown as DatabaseUnavailable,
 * which the app answers with 503, never read as "signed out"; a signed-out
 * user still reads as null; and the session is back once the database is.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { RequestHandler } from "express"
import { type AuthConfig, DatabaseUnavailable } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ExpressAuth, getSession } from "@/lib/auth/express"
import { createPrismaClient, type DbClient } from "@/lib/db/client"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startTcpProxy, type TcpProxy } from "@/tests/helpers/tcp-proxy"
import { alice, aliceConfig, BASE, Browser } from "../support"
import { direct, express, listen, type RunningServer } from "./server"

vi.setConfig({ testTimeout: 60_000 })

describe("getSession with the database cut (database strategy, PostgreSQL)", () => {
  let db: TestDatabase
  let proxy: TcpProxy
  let viaProxy: DbClient
  let server: RunningServer
  let config: AuthConfig
  /** What each /dashboard request's getSession threw, if anything. */
  const thrown: unknown[] = []

  /** The guard docs/express-and-sveltekit.md shows: 503 for an outage, 401 for nobody signed in, else the session. */
  const dashboard: RequestHandler = async (req, res) => {
    let session
    try {
      session = await getSession(req, config)
    } catch (error) {
      thrown.push(error)
      if ((error as { code?: unknown }).code === "database_unavailable") {
        res.status(503).set("Retry-After", "5").json({ error: "temporarily unavailable" })
        return
      }
      throw error
    }
    if (!session) {
      res.status(401).json({ error: "Unauthorized" })
      return
    }
    res.json(session)
  }

  beforeAll(async () => {
    db = await createTestDatabase("postgresql")
    await db.prisma.user.create({ data: { id: alice.id, email: alice.email, name: alice.name } })
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 })
    viaProxy = createPrismaClient(db.url.replace("127.0.0.1:5432", `127.0.0.1:${proxy.port}`))
    config = { ...aliceConfig(), adapter: PrismaAdapter(viaProxy), session: { strategy: "database" } }
    const app = express()
    app.use("/auth", ExpressAuth(config))
    app.get("/dashboard", dashboard)
    server = await listen(app)
  })
  afterEach(() => {
    proxy.restore()
    thrown.length = 0
  })
  afterAll(async () => {
    await server.close()
    await viaProxy.$disconnect()
    await proxy.close()
    await db.cleanup()
  })

  async function signedIn(): Promise<Browser> {
    const browser = new Browser(config, server.origin, direct())
    const { csrfToken } = (await (await browser.send(`${BASE}/csrf`)).json()) as { csrfToken: string }
    const res = await browser.send(`${BASE}/callback/credentials`, { form: { csrfToken, email: alice.email, password: "correct" } })
    expect(res.status).toBe(302)
    return browser
  }

  it("a signed-in user: getSession throws DatabaseUnavailable while cut (the route answers 503), the session is back after", async () => {
    const browser = await signedIn()
    expect((await browser.send("/dashboard")).status).toBe(200)
    const cookieBefore = browser.cookieHeader()

    proxy.cut()
    const res = await browser.send("/dashboard")
    expect(res.status).toBe(503)
    expect(res.headers.get("retry-after")).toBe("5")
    expect(thrown).toHaveLength(1)
    expect(thrown[0]).toBeInstanceOf(DatabaseUnavailable)
    expect(thrown[0]).toMatchObject({ code: "database_unavailable", type: "DatabaseUnavailable" })
    // Not signed out: the session cookie is untouched.
    expect(browser.cookieHeader()).toBe(cookieBefore)

    proxy.restore()
    // The pool may hand out a connection the cut broke once more; recovery needs no restart.
    await vi.waitFor(async () => expect((await browser.send("/dashboard")).status).toBe(200), { timeout: 15_000, interval: 250 })
    const back = await browser.send("/dashboard")
    expect(((await back.json()) as { user: { email: string } }).user.email).toBe(alice.email)
  })

  it("a signed-out user still reads as null while the database is cut", async () => {
    proxy.cut()
    const res = await new Browser(config, server.origin, direct()).send("/dashboard")
    expect(res.status).toBe(401)
    expect(thrown).toEqual([])
  })
})
