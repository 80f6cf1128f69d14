/**
 * A page's hot read is tested every way it can run: through Prisma on both
 * databases, and on SQLite also on the read-only connection the page uses.
 * `withReadSource` makes the database of one way and hands out its source.
 */
import { afterAll, beforeAll } from "vitest"
import { sqliteDatabaseFile, type ReadSource } from "@/lib/db/client"
import { createTestDatabase, type TestDatabase } from "./db"

export const READ_WAYS = [
  { provider: "sqlite", read: "through Prisma" },
  { provider: "sqlite", read: "on the direct connection" },
  { provider: "postgresql", read: "through Prisma" },
] as const

export type ReadWay = (typeof READ_WAYS)[number]

/** Inside a describe: a fresh database for the way, and the source that reads it that way. */
export function withReadSource({ provider, read }: ReadWay): { db(): TestDatabase; source(): ReadSource } {
  let db: TestDatabase | undefined
  let source: ReadSource | undefined
  beforeAll(async () => {
    db = await createTestDatabase(provider)
    source = { prisma: db.prisma, sqliteFile: read === "on the direct connection" ? sqliteDatabaseFile(db.url) : undefined }
  })
  afterAll(async () => {
    await db?.cleanup()
  })
  return { db: () => db!, source: () => source! }
}
