/**
 * The database cases' fixture: a fresh SQLite file in a temp directory,
 * migrated with the project's own migrations, read through our PrismaAdapter.
 * Both libraries are handed the same adapter.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

import { PrismaAdapter } from "../../lib/auth/adapters/prisma"
import type { Adapter } from "../../lib/auth/types"
import { createPrismaClient } from "../../lib/db/client"
import { migrateDatabase } from "../../lib/db/migrate"

export const DB_USER = { name: "Grace Hopper", email: "grace@example.com" }

export interface OpenDatabase {
  adapter: Required<Adapter>
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
export async function createBenchUser(adapter: Required<Adapter>): Promise<string> {
  const user = await adapter.createUser({ id: "", emailVerified: null, image: null, ...DB_USER })
  return user.id
}

/** A session row (30 days, as a fresh sign-in makes) and its token, the cookie value. */
export async function createSessionRow(adapter: Required<Adapter>, userId: string): Promise<string> {
  const sessionToken = crypto.randomUUID()
  await adapter.createSession({ sessionToken, userId, expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) })
  return sessionToken
}
