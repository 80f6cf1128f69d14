/**
 * A tiny Auth.js adapter over better-sqlite3, enough for database sessions
 * made by the benchmark (it inserts the users and Session rows itself:
 * next-auth's Credentials provider cannot create database sessions).
 * Chosen over @auth/prisma-adapter so that the reference app needs no Prisma
 * schema or generated client of its own, and runs on the same SQLite driver
 * as the starter: getSessionAndUser is one SQL statement, as in the starter.
 */
import Database from "better-sqlite3"
import type { Adapter, AdapterSession, AdapterUser } from "next-auth/adapters"

interface Row {
  sessionToken: string
  userId: string
  expires: number
  id: string
  name: string | null
  email: string
  image: string | null
}

export function sqliteAdapter(file: string): Adapter {
  const db = new Database(file)
  db.pragma("journal_mode = WAL")
  const byToken = db.prepare<[string], Row>(
    `SELECT s.sessionToken, s.userId, s.expires, u.id, u.name, u.email, u.image
       FROM sessions s JOIN users u ON u.id = s.userId WHERE s.sessionToken = ?`,
  )
  const touch = db.prepare<[number, string]>("UPDATE sessions SET expires = ? WHERE sessionToken = ?")
  const remove = db.prepare<[string]>("DELETE FROM sessions WHERE sessionToken = ?")
  const userById = db.prepare<[string], AdapterUser & { emailVerified: null }>(
    "SELECT id, name, email, image, NULL AS emailVerified FROM users WHERE id = ?",
  )
  const toUser = (row: Row): AdapterUser => ({ id: row.id, name: row.name, email: row.email, image: row.image, emailVerified: null })
  const toSession = (row: Row): AdapterSession => ({ sessionToken: row.sessionToken, userId: row.userId, expires: new Date(row.expires) })
  const unsupported = () => {
    throw new Error("not used by the benchmark")
  }
  return {
    async getSessionAndUser(sessionToken) {
      const row = byToken.get(sessionToken)
      return row ? { session: toSession(row), user: toUser(row) } : null
    },
    async updateSession({ sessionToken, expires }) {
      if (expires) touch.run(expires.getTime(), sessionToken)
      const row = byToken.get(sessionToken)
      return row ? toSession(row) : null
    },
    async deleteSession(sessionToken) {
      remove.run(sessionToken)
    },
    async getUser(id) {
      return userById.get(id) ?? null
    },
    createUser: unsupported,
    getUserByEmail: async () => null,
    getUserByAccount: async () => null,
    updateUser: unsupported,
    linkAccount: unsupported,
    createSession: unsupported,
  }
}
