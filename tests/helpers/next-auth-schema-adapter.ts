// An Auth.js adapter over the next-auth schema as Auth.js documents it (updatedAt columns and all),
// in plain SQL: what @auth/prisma-adapter does on a next-auth app's database before the move, for
// tests that sign users in under Auth.js (@auth/core, the oracle) and then move the database.
// Dates are written as Prisma 7 writes them (ISO text on SQLite, timestamp(3) UTC on PostgreSQL).
import { randomBytes } from "node:crypto"
import Database from "better-sqlite3"
import pg from "pg"
import type { DatabaseProvider } from "@/lib/db/url"

interface Sql {
  all(sql: string, values: unknown[]): Promise<Record<string, unknown>[]>
  close(): Promise<void>
}

function sqlite(file: string): Sql {
  const db = new Database(file)
  return {
    all: async (sql, values) => {
      const statement = db.prepare(sql)
      return statement.reader ? (statement.all(...values) as Record<string, unknown>[]) : (statement.run(...values), [])
    },
    close: async () => void db.close(),
  }
}

function postgres(url: string): Sql {
  // timestamp(3) without time zone holds UTC, as Prisma writes it.
  const client = new pg.Client({
    connectionString: url,
    types: { getTypeParser: ((oid: number, format?: string) => (oid === 1114 ? (value: string) => new Date(`${value}Z`) : pg.types.getTypeParser(oid, format as "text"))) as typeof pg.types.getTypeParser },
  })
  const connected = client.connect()
  return {
    all: async (sql, values) => {
      await connected
      let n = 0
      return (await client.query(sql.replaceAll("?", () => `$${++n}`), values)).rows as Record<string, unknown>[]
    },
    close: () => client.end(),
  }
}

type Row = Record<string, unknown>
const USER_COLUMNS = `"id","name","email","emailVerified","image"`

export interface NextAuthSchemaAdapter {
  // Auth.js's adapter methods, loosely typed: the oracle is called through `as never`.
  [method: string]: (...args: never[]) => Promise<unknown>
}

export function nextAuthSchemaAdapter(provider: DatabaseProvider, url: string): { adapter: NextAuthSchemaAdapter; close(): Promise<void> } {
  const db = provider === "sqlite" ? sqlite(url.slice("file:".length)) : postgres(url)
  const date = (value: Date | null | undefined) => (value == null ? null : provider === "sqlite" ? value.toISOString().replace("Z", "+00:00") : value.toISOString())
  const toDate = (value: unknown) => (value == null ? null : value instanceof Date ? value : new Date(String(value)))
  const user = (row: Row | undefined) =>
    row ? { id: row.id, name: row.name ?? null, email: row.email, emailVerified: toDate(row.emailVerified), image: row.image ?? null } : null
  const session = (row: Row | undefined) => (row ? { sessionToken: row.sessionToken, userId: row.userId, expires: toDate(row.expires) } : null)
  const now = () => date(new Date())

  const adapter = {
    async createUser(data: { name?: string | null; email: string; emailVerified?: Date | null; image?: string | null }) {
      const id = `c${randomBytes(12).toString("hex")}`
      await db.all(`INSERT INTO "User" (${USER_COLUMNS},"createdAt","updatedAt") VALUES (?,?,?,?,?,?,?)`, [id, data.name ?? null, data.email, date(data.emailVerified), data.image ?? null, now(), now()])
      return adapter.getUser(id)
    },
    async getUser(id: string) {
      return user((await db.all(`SELECT ${USER_COLUMNS} FROM "User" WHERE "id" = ?`, [id]))[0])
    },
    async getUserByEmail(email: string) {
      return user((await db.all(`SELECT ${USER_COLUMNS} FROM "User" WHERE "email" = ?`, [email]))[0])
    },
    async getUserByAccount({ provider: p, providerAccountId }: { provider: string; providerAccountId: string }) {
      const rows = await db.all(`SELECT u."id",u."name",u."email",u."emailVerified",u."image" FROM "Account" a JOIN "User" u ON u."id" = a."userId" WHERE a."provider" = ? AND a."providerAccountId" = ?`, [p, providerAccountId])
      return user(rows[0])
    },
    async updateUser(data: { id: string; name?: string | null; email?: string; emailVerified?: Date | null; image?: string | null }) {
      const current = await adapter.getUser(data.id)
      const next = { ...current, ...data }
      await db.all(`UPDATE "User" SET "name" = ?, "email" = ?, "emailVerified" = ?, "image" = ?, "updatedAt" = ? WHERE "id" = ?`, [next.name ?? null, next.email, date(toDate(next.emailVerified)), next.image ?? null, now(), data.id])
      return adapter.getUser(data.id)
    },
    async linkAccount(account: Record<string, unknown>) {
      const columns = ["userId", "type", "provider", "providerAccountId", "refresh_token", "access_token", "expires_at", "token_type", "scope", "id_token", "session_state"]
      await db.all(
        `INSERT INTO "Account" (${columns.map((c) => `"${c}"`).join(",")},"createdAt","updatedAt") VALUES (${columns.map(() => "?").join(",")},?,?)`,
        [...columns.map((c) => account[c] ?? null), now(), now()],
      )
      return account
    },
    async createSession(data: { sessionToken: string; userId: string; expires: Date }) {
      await db.all(`INSERT INTO "Session" ("sessionToken","userId","expires","createdAt","updatedAt") VALUES (?,?,?,?,?)`, [data.sessionToken, data.userId, date(data.expires), now(), now()])
      return data
    },
    async getSessionAndUser(sessionToken: string) {
      const found = session((await db.all(`SELECT "sessionToken","userId","expires" FROM "Session" WHERE "sessionToken" = ?`, [sessionToken]))[0])
      if (!found) return null
      return { session: found, user: await adapter.getUser(String(found.userId)) }
    },
    async updateSession(data: { sessionToken: string; expires?: Date }) {
      if (data.expires) await db.all(`UPDATE "Session" SET "expires" = ?, "updatedAt" = ? WHERE "sessionToken" = ?`, [date(data.expires), now(), data.sessionToken])
      return session((await db.all(`SELECT "sessionToken","userId","expires" FROM "Session" WHERE "sessionToken" = ?`, [data.sessionToken]))[0])
    },
    async deleteSession(sessionToken: string) {
      await db.all(`DELETE FROM "Session" WHERE "sessionToken" = ?`, [sessionToken])
      return null
    },
  }
  return { adapter: adapter as unknown as NextAuthSchemaAdapter, close: () => db.close() }
}
