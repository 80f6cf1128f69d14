/**
 * The database cases' fixture: a fresh SQLite file in a temp directory,
 * migrated with the project's own migrations, read through our PrismaAdapter.
 * Both libraries are handed the same adapter.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

import { PrismaAdapter } from "../../lib/auth/adapters/prisma"
import type { CaseSpec, DatabaseSession } from "./cases"
import { createPrismaClient } from "../../lib/db/client"
import { migrateDatabase } from "../../lib/db/migrate"

export const DB_USER = { name: "Grace Hopper", email: "grace@example.com" }

export interface OpenDatabase {
  adapter: ReturnType<typeof PrismaAdapter>
  close(): Promise<void>
}

export interface TempDatabase {
  url: string
  remove(): void
}

export async function createTempDatabase(): Promise<TempDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "auth-bench-"))
  const url = `file:${path.join(dir, "bench.db")}`
  await migrateDatabase(url)
  return { url, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export function openDatabase(url: string): OpenDatabase {
  const prisma = createPrismaClient(url)
  return { adapter: PrismaAdapter(prisma), close: () => prisma.$disconnect() }
}

/** The user every database case reads; created once per database. */
export async function createBenchUser(adapter: ReturnType<typeof PrismaAdapter>): Promise<string> {
  const user = await adapter.createUser({ id: "", emailVerified: null, image: null, ...DB_USER })
  return user.id
}

/** A session row (30 days, as a fresh sign-in makes) and its token, the cookie value. */
export async function createSessionRow(adapter: ReturnType<typeof PrismaAdapter>, userId: string): Promise<string> {
  const sessionToken = crypto.randomUUID()
  await adapter.createSession({ sessionToken, userId, expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) })
  return sessionToken
}

export interface DatabaseFixture {
  url: string
  tokens: Map<string, string>
  sessionFor(spec: CaseSpec): DatabaseSession
  cleanup(): Promise<void>
}

/** One migrated SQLite file, one user, one session row per database case. */
export async function databaseFixture(specs: readonly CaseSpec[]): Promise<DatabaseFixture> {
  const temp = await createTempDatabase()
  const db = openDatabase(temp.url)
  try {
    const userId = await createBenchUser(db.adapter)
    const tokens = new Map<string, string>()
    for (const spec of specs) tokens.set(spec.id, await createSessionRow(db.adapter, userId))
    return {
      url: temp.url,
      tokens,
      sessionFor(spec) {
        const sessionToken = tokens.get(spec.id)
        if (!sessionToken) throw new Error(`the SQLite fixture has no session for ${spec.id}`)
        return { adapter: db.adapter, sessionToken, email: DB_USER.email }
      },
      cleanup: async () => {
        await db.close()
        temp.remove()
      },
    }
  } catch (error) {
    await db.close()
    temp.remove()
    throw error
  }
}
