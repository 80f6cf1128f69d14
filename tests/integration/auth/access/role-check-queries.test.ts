/**
 * Roles cost no database work per request, on real SQLite, counting every Prisma
 * operation the library runs. A jwt session carries its roles as a claim: reading an admin's
 * session and checking a permission on it (what requirePermission and the middleware's route rules
 * do) runs exactly what a plain user's read runs, the "sessions valid since" revocation check, and
 * nothing when that check is cached. A database session reads its user's roles and ban in the
 * same one statement as the session.
 */
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultAccessControl, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import type { PrismaClient as SqlitePrismaClient } from "@/lib/generated/prisma/sqlite/client"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET } from "../support"

const PASSWORD = "role-check-queries-password-2207"

describe.each(["jwt", "database"] as const)("role checks and database work (%s sessions)", (strategy) => {
  let db: TestDatabase
  const operations: string[] = []
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
  })
  afterAll(() => db.cleanup())

  /** The adapter over a client that records every operation it runs. */
  function countedConfig(revocationDelay: number): AuthConfig {
    const base: SqlitePrismaClient = db.prisma
    const counted = base.$extends({
      query: {
        $allOperations({ model, operation, args, query }) {
          operations.push(`${model ?? "$"}.${operation}`)
          return query(args)
        },
      },
    })
    return {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(counted),
      session: { strategy, revocationDelay, revocationCache: new ValidSinceCache() },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  }

  async function signedIn(config: AuthConfig, roles?: string): Promise<string> {
    const email = `queries-${strategy}-${++n}-${randomBytes(3).toString("hex")}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email, password: PASSWORD })
    return browser.cookieHeader()
  }

  /** What requirePermission does for a request: read the session, then ask its roles. */
  async function guardedRead(config: AuthConfig, cookie: string): Promise<{ allowed: boolean; operations: string[] }> {
    operations.length = 0
    const read = await readRequestSession(config, { origin: ORIGIN, cookie })
    const allowed = defaultAccessControl.hasPermission(read.session, { user: ["list"] })
    return { allowed, operations: [...operations] }
  }

  it("an admin's guarded read runs a plain user's session read, plus under jwt the stored roles while they are not cached", async () => {
    for (const delay of [0, 60]) {
      const config = countedConfig(delay)
      const admin = await signedIn(config, "admin")
      const plain = await signedIn(config)
      // Once each first: a cached revocation instant (and standing) is then what every later request finds.
      await guardedRead(config, admin)
      await guardedRead(config, plain)

      const asAdmin = await guardedRead(config, admin)
      const asPlain = await guardedRead(config, plain)
      expect(asAdmin.allowed).toBe(true)
      expect(asPlain.allowed).toBe(false)
      if (strategy === "jwt") {
        // The revocation check: every time with no delay, not at all while its instant is cached. A token
        // that carries more than "user" also has its roles and ban re-read from the store (a kept jwt's
        // roles follow the stored ones), cached for the same delay.
        expect(asPlain.operations.length).toBe(delay === 0 ? 1 : 0)
        expect(asAdmin.operations.length).toBe(delay === 0 ? 2 : 0)
      } else {
        // The session, its user, their roles and ban: one statement.
        expect(asAdmin.operations).toEqual(asPlain.operations)
        expect(asAdmin.operations).toHaveLength(1)
      }
    }
  })
})
