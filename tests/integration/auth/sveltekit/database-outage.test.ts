/**
 * locals.auth() and getSession(request, config) during a database outage
 * (database strategy, PostgreSQL through the Prisma adapter): a TCP proxy of
 * the test's own between the library and PostgreSQL is cut and restored.
 * The outage rejects with DatabaseUnavailable, never reads as "signed out";
 * a signed-out user still reads as null.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { DatabaseUnavailable } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { getSession, SvelteKitAuth, type SvelteKitAuthConfig } from "@/lib/auth/sveltekit"
import { createPrismaClient, type DbClient } from "@/lib/db/client"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startTcpProxy, type TcpProxy } from "@/tests/helpers/tcp-proxy"
import { alice, aliceConfig, Browser, ORIGIN } from "../support"
import { finish, requestEvent, type TestEvent } from "./event"

vi.setConfig({ testTimeout: 60_000 })

describe("locals.auth() with the database cut (database strategy, PostgreSQL)", () => {
  let db: TestDatabase
  let proxy: TcpProxy
  let viaProxy: DbClient
  let config: SvelteKitAuthConfig
  let browser: Browser
  const thrown: unknown[] = []

  beforeAll(async () => {
    db = await createTestDatabase("postgresql")
    await db.prisma.user.create({ data: { id: alice.id, email: alice.email, name: alice.name } })
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 })
    viaProxy = createPrismaClient(db.url.replace("127.0.0.1:5432", `127.0.0.1:${proxy.port}`))
    config = { ...aliceConfig(), adapter: PrismaAdapter(viaProxy), session: { strategy: "database" } }
    const auth = SvelteKitAuth(config)
    // A page whose load guards on locals.auth() as docs/express-and-sveltekit.md shows: 503 for an outage, 401 for nobody.
    browser = new Browser({ providers: [] }, ORIGIN, async (request) => {
      const event = requestEvent(request)
      const response = await auth.handle({
        event,
        resolve: async (e: TestEvent) => {
          try {
            const session = await e.locals.auth?.()
            return session ? Response.json(session) : new Response("signed out", { status: 401 })
          } catch (error) {
            thrown.push(error)
            if ((error as { code?: unknown }).code === "database_unavailable") return new Response("unavailable", { status: 503 })
            throw error
          }
        },
      })
      return finish(response, event)
    })
  })
  afterEach(() => {
    proxy.restore()
    thrown.length = 0
  })
  afterAll(async () => {
    await viaProxy.$disconnect()
    await proxy.close()
    await db.cleanup()
  })

  it("signed in: rejects with DatabaseUnavailable while cut (503, cookie kept), the session is back after", async () => {
    browser.jar.clear()
    const res = await browser.signInWithCredentials({ email: alice.email, password: "correct" })
    expect(res.status).toBe(302)
    expect((await browser.send("/dashboard")).status).toBe(200)
    const cookieBefore = browser.cookieHeader()

    proxy.cut()
    expect((await browser.send("/dashboard")).status).toBe(503)
    expect(thrown).toHaveLength(1)
    expect(thrown[0]).toBeInstanceOf(DatabaseUnavailable)
    expect(thrown[0]).toMatchObject({ code: "database_unavailable" })
    expect(browser.cookieHeader()).toBe(cookieBefore)
    // getSession(request, config), for code without an event, says the same.
    await expect(getSession(browser.request("/dashboard"), config)).rejects.toMatchObject({ code: "database_unavailable" })

    proxy.restore()
    // The pool may hand out a connection the cut broke once more; recovery needs no restart.
    await vi.waitFor(async () => expect((await browser.send("/dashboard")).status).toBe(200), { timeout: 15_000, interval: 250 })
    expect((await getSession(browser.request("/dashboard"), config))?.user?.email).toBe(alice.email)
  })

  it("a signed-out user still reads as null while the database is cut", async () => {
    proxy.cut()
    const event = requestEvent(new Request(`${ORIGIN}/dashboard`))
    const outside = new Browser({ providers: [] }, ORIGIN, browser.transport)
    expect((await outside.send("/dashboard")).status).toBe(401)
    expect(await getSession(event.request, config)).toBeNull()
    expect(thrown).toEqual([])
  })
})
