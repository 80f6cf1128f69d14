/**
 * What one session read costs in SQL statements (reads; an expiry's slide is a write apart),
 * counted on a real SQLite database through Prisma's query log: a first read in a process that has read nothing yet ("cold") and the next
 * one ("warm"), for a plain user, an admin and an impersonation. Following the stored standing
 * (a privileged jwt's roles, an impersonation's admin) must cost nothing on a warm read: it is read
 * at most once per user per revocation delay, like "sessions valid since".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import { startImpersonation, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { PrismaClient as SqliteClient } from "@/lib/generated/prisma/sqlite/client"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET } from "../support"

const PASSWORD = "statements-password-7731"

type Counts = { cold: number; warm: number }

/** A client that reports every statement it sends (its type keeps the "query" event). */
const loggedClient = (url: string) =>
  new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: url.replace(/^file:/, "") }), log: [{ emit: "event", level: "query" }] })

describe.each(["jwt", "database"] as const)("statements of a session read (sqlite, %s sessions)", (strategy) => {
  let db: TestDatabase
  let logged: ReturnType<typeof loggedClient>
  const statements: string[] = []
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    logged = loggedClient(db.url)
    logged.$on("query", (event) => statements.push(event.query))
  })
  afterAll(async () => {
    await logged.$disconnect()
    await db.cleanup()
  })

  /** A server process that has read nothing yet. */
  const freshProcess = (): AuthConfig => ({
    secret: SECRET,
    basePath: BASE,
    trustHost: true,
    adapter: PrismaAdapter(logged),
    session: { strategy, revocationDelay: 60, revocationCache: new ValidSinceCache() },
    providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
  })

  async function account(roles?: string) {
    const email = `statements-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(freshProcess())
    await browser.signInWithCredentials({ email, password: PASSWORD })
    return browser
  }

  /** Two reads in a fresh process: the statements each one sent. */
  async function reads(browser: Browser): Promise<Counts> {
    browser.config = freshProcess()
    const count = async () => {
      statements.length = 0
      const res = await browser.send(`${BASE}/session`)
      expect(((await res.json()) as { user?: unknown } | null)?.user).toBeTruthy()
      // Reads only: a read may also slide the row's expiry (one UPDATE), or find it already at its
      // absolute end, which for an impersonation depends on the millisecond its row was written.
      return statements.filter((statement) => !/^\s*UPDATE\b/i.test(statement)).length
    }
    return { cold: await count(), warm: await count() }
  }

  it("a plain user's, an admin's and an impersonation's reads cost what they did, and a warm read of any costs no more than before", async () => {
    const plain = await reads(await signedIn((await account()).email))
    const admin = await account("admin")
    const adminReads = await reads(await signedIn(admin.email))

    const browser = await signedIn(admin.email)
    const target = await account()
    const request = new Request(`${ORIGIN}/admin`, { headers: { cookie: browser.cookieHeader() } })
    const { cookies } = await startImpersonation(browser.config, request, { userId: admin.id, authenticatedAt: new Date() }, target.id, "measuring")
    for (const c of cookies) browser.jar.set(c.name, c.value)
    const impersonation = await reads(browser)

    const measured = { plain, admin: adminReads, impersonation }
    console.info(`session read statements (${strategy}):`, JSON.stringify(measured))
    // jwt: "sessions valid since" once per user per delay; a privileged token adds its user's stored
    // standing, an impersonation its admin's instant and standing; nothing on a warm read, but for an
    // impersonation's record, read every time as the database strategy reads its row (a stop ends
    // every copy of the token at once).
    // database: the session row with its user, every read; an impersonation adds its admin's
    // standing once per delay.
    const expected =
      strategy === "jwt"
        ? { plain: { cold: 1, warm: 0 }, admin: { cold: 2, warm: 0 }, impersonation: { cold: 4, warm: 1 } }
        : { plain: { cold: 1, warm: 1 }, admin: { cold: 1, warm: 1 }, impersonation: { cold: 2, warm: 1 } }
    expect(measured).toEqual(expected)
  })
})
