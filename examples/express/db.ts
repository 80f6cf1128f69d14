/**
 * The example's database: DATABASE_URL, else a SQLite file beside this
 * README. It borrows the starter's Prisma schema, migrations and generated
 * client (lib/db); an app of your own brings its client, generated from a
 * schema with the Auth.js tables (prisma/schema.prisma shows them).
 */
import { createPrismaClient } from "../../lib/db/client"

/** Relative SQLite paths resolve against the working directory: start the example from its folder. */
export const databaseUrl = process.env.DATABASE_URL || "file:./example.db"

export const prisma = createPrismaClient(databaseUrl)
