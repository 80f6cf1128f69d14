/**
 * The starter switched to @auth/drizzle-adapter (AUTH_ADAPTER=drizzle, SQLite
 * only): every read and write the library makes goes through the
 * adapter object as the package builds it, over Drizzle definitions of the
 * starter's own tables in the same SQLite file, plus the two companions
 * (examples/drizzle/adapter.ts) and a session list written with Drizzle. The
 * starter's pages keep their Prisma reads of the app's records (password
 * hashes, its own tokens, passkey names) on that same file.
 */
import Database from "better-sqlite3"
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import { and, desc, eq, gt } from "drizzle-orm"
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3"
import { drizzleAuthAdapter } from "@/examples/drizzle/adapter"
import type { Adapter, AdapterSession, CompanionSql } from "@/lib/auth"
import { sessionRowServable, unservedStandingOf } from "./unserved-standing"
import { accountsTable, authenticatorsTable, sessionListTable, sessionsTable, usersTable, verificationTokensTable } from "./starter-tables"

/** The companion tables (examples/drizzle/schema.sqlite.sql); the starter's Prisma migrations do not make them. */
const COMPANION_TABLES = [
  `CREATE TABLE IF NOT EXISTS "auth_webauthn_challenge" ("challengeHash" text PRIMARY KEY NOT NULL, "expires" integer NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS "auth_session_proof" ("sessionToken" text PRIMARY KEY NOT NULL, "createdAt" integer NOT NULL, "authenticatedAt" integer NOT NULL, "expires" integer NOT NULL)`,
]

type StarterSchema = NonNullable<Parameters<typeof DrizzleAdapter<BetterSQLite3Database>>[1]>

// The package's schema type names Drizzle's integer timestamp column; these columns are the
// custom one that stores Prisma's text dates (starter-tables.ts). The adapter only hands Dates
// to them and reads Dates back, which the custom column does.
const starterSchema = { usersTable, accountsTable, sessionsTable, verificationTokensTable, authenticatorsTable } as unknown as StarterSchema

type ListingMethods = Required<Pick<Adapter, "listSessions" | "deleteSessions" | "createSession" | "deleteSession">>

/**
 * The session list and "sign out other sessions" beside the contract, written
 * with Drizzle over the starter's Session table. A new session's browser
 * (which the contract's createSession does not take) is kept in the starter's
 * userAgent column, so the list names the device. Removal goes through the
 * adapter's own deleteSession (the companion's wrapper), so each session's
 * proof row goes with it.
 */
function sessionListing(db: BetterSQLite3Database, adapter: Pick<ListingMethods, "createSession" | "deleteSession">): ListingMethods {
  const { createSession, deleteSession } = adapter
  async function tokensOf(userId: string): Promise<string[]> {
    const rows = await db.select({ sessionToken: sessionListTable.sessionToken }).from(sessionListTable).where(eq(sessionListTable.userId, userId))
    return rows.map((row) => row.sessionToken)
  }
  return {
    async createSession(session) {
      const created = await createSession(session)
      if (session.userAgent) {
        await db.update(sessionListTable).set({ userAgent: session.userAgent }).where(eq(sessionListTable.sessionToken, session.sessionToken))
      }
      return created
    },
    deleteSession,
    async listSessions(userId): Promise<AdapterSession[]> {
      return db
        .select()
        .from(sessionListTable)
        .where(and(eq(sessionListTable.userId, userId), gt(sessionListTable.expires, new Date())))
        .orderBy(desc(sessionListTable.createdAt))
    },
    async deleteSessions(userId, exceptSessionToken) {
      const doomed = (await tokensOf(userId)).filter((token) => token !== exceptSessionToken)
      for (const token of doomed) await deleteSession(token)
      return doomed.length
    },
  }
}

/** The adapter over the SQLite file `file` (the starter's DATABASE_URL). One connection per file and process. */
export function starterDrizzleAdapter(file: string): Adapter {
  // On globalThis: every bundle that evaluates auth.ts in this process (middleware, routes, pages) shares it.
  const cache = ((globalThis as typeof globalThis & { __starterDrizzleAdapters?: Map<string, Adapter> }).__starterDrizzleAdapters ??= new Map())
  const cached = cache.get(file)
  if (cached) return cached
  const connection = new Database(file)
  // Prisma's client holds its own connection to the same file: wait for its writes rather than fail.
  connection.pragma("busy_timeout = 5000")
  connection.pragma("foreign_keys = ON")
  for (const statement of COMPANION_TABLES) connection.exec(statement)
  const sql: CompanionSql = {
    dialect: "sqlite",
    execute: async (statement, params) => connection.prepare(statement).run(...params).changes,
    query: async (statement, params) => connection.prepare(statement).all(...params) as Record<string, unknown>[],
  }
  const db = drizzle(connection)
  const adapter = drizzleAuthAdapter(DrizzleAdapter(db, starterSchema), sql)
  const { createSession, deleteSession, getSessionAndUser, getSessionDetails } = adapter
  if (!createSession || !deleteSession) throw new TypeError("drizzleAuthAdapter always has createSession and deleteSession (its session-proof companion)")
  const starterAdapter: Adapter = {
    ...adapter,
    ...sessionListing(db, { createSession: async (s) => createSession(s), deleteSession: async (token) => (await deleteSession(token)) ?? null }),
    // Rows the Prisma adapter wrote that this contract cannot carry: refused, never read without them.
    getUnservedStanding: async (userId) => unservedStandingOf(connection, userId),
    // Both ways the library reads a session row (adapters/session-lookup.ts).
    ...(getSessionAndUser && {
      getSessionAndUser: async (sessionToken: string) => (sessionRowServable(connection, sessionToken) ? getSessionAndUser(sessionToken) : null),
    }),
    ...(getSessionDetails && {
      getSessionDetails: async (sessionToken: string) => (sessionRowServable(connection, sessionToken) ? getSessionDetails(sessionToken) : null),
    }),
  }
  cache.set(file, starterAdapter)
  return starterAdapter
}
