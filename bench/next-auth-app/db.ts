/**
 * The reference app's database adapter: Auth.js's own `@auth/prisma-adapter`,
 * the adapter a next-auth app on Prisma uses, over the starter's generated
 * SQLite client and the starter's migrated schema (the Auth.js schema plus
 * additive columns: the same file format both libraries read). Both apps thus
 * run on the same ORM, driver and SQLite file layout; what differs is the
 * library on top.
 */
import { PrismaAdapter } from "@auth/prisma-adapter"
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import type { Adapter } from "next-auth/adapters"
import { PrismaClient } from "../../lib/generated/prisma/sqlite/client"

export function prismaAdapter(file: string): Adapter {
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: file }) })
  return PrismaAdapter(prisma as never) as Adapter
}
