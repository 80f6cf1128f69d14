/**
 * The reference app's database: Auth.js's own `@auth/prisma-adapter`, the
 * adapter a next-auth app on Prisma uses, over the starter's generated
 * SQLite client and the starter's migrated schema (the Auth.js schema plus
 * additive columns: the same file format both libraries read). Both apps thus
 * run on the same ORM, driver and SQLite file layout; what differs is the
 * library on top. The app's own pages read their data through the same
 * client the adapter wraps, as a next-auth app on Prisma would.
 */
import { PrismaAdapter } from "@auth/prisma-adapter"
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import type { Adapter } from "next-auth/adapters"
import { PrismaClient } from "../../lib/generated/prisma/sqlite/client"

let client: PrismaClient | undefined

/** One client per server process, on the bench's SQLite file (NEXT_AUTH_BENCH_DB). */
export function prisma(): PrismaClient {
  const file = process.env.NEXT_AUTH_BENCH_DB
  if (!file) throw new Error("NEXT_AUTH_BENCH_DB names no database file")
  client ??= new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: file }) })
  return client
}

export function prismaAdapter(): Adapter {
  return PrismaAdapter(prisma() as never) as Adapter
}
