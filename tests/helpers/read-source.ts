/**
 * A page's hot read is tested every way it can run: through Prisma on both
 * databases, and on SQLite also on the read-only connection the page uses.
 * `withReadSource` makes the database of one way and hands out its source.
 */
import { afterAll, beforeAll } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
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

/**
 * Inside a describe: a fresh SQLite database with the Prisma adapter on it twice, once reading on
 * the file's direct connection and once only through Prisma, so a test can read both ways.
 */
export function withDirectAndPrismaAdapters(): { db(): TestDatabase; file(): string; direct(): ReturnType<typeof PrismaAdapter>; throughPrisma(): ReturnType<typeof PrismaAdapter> } {
  let db: TestDatabase | undefined
  let file: string | undefined
  let direct: ReturnType<typeof PrismaAdapter> | undefined
  let throughPrisma: ReturnType<typeof PrismaAdapter> | undefined
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    file = sqliteDatabaseFile(db.url)!
    direct = PrismaAdapter(db.prisma, { sqliteFile: file })
    throughPrisma = PrismaAdapter(db.prisma)
  })
  afterAll(async () => {
    await db?.cleanup()
  })
  return { db: () => db!, file: () => file!, direct: () => direct!, throughPrisma: () => throughPrisma! }
}
